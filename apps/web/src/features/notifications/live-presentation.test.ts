import { describe, expect, it } from 'vitest';
import { concernsQuery, presentationFor, pushClickId } from './live-presentation.ts';

describe('dialog or toast', () => {
  it('a live notification in the open app is a toast, on any page and while typing', () => {
    expect(presentationFor('live')).toBe('toast');
  });
  it('a push message the user opened from outside the app gets the spec’s confirm dialog', () => {
    expect(presentationFor('push-click')).toBe('dialog');
  });
  it('a notification picked from the list opens its page straight away', () => {
    expect(presentationFor('list')).toBe('navigate');
  });
});

describe('the push click in the address', () => {
  it('reads the notification id the service worker put there', () => {
    expect(pushClickId('?push=123')).toBe(123);
  });
  it('ignores anything else', () => {
    for (const search of ['', '?push=', '?push=abc', '?push=-4', '?push=0', '?push=1.5', '?other=3']) {
      expect(pushClickId(search), search).toBeNull();
    }
  });
});

describe('which data a notification refreshes', () => {
  it('an order notification refreshes order, request and dashboard queries', () => {
    for (const key of [
      ['orders/outbound', 'list', {}],
      ['offline-orders/inbound', 'one', 3],
      ['carrier-orders'],
      ['requests/outbound', 'one', 4],
      ['dashboard', 'x'],
    ]) {
      expect(concernsQuery('order', key), JSON.stringify(key)).toBe(true);
    }
  });
  it('leaves the pickers and masters of a form being typed in alone', () => {
    for (const key of [
      ['plants', 'options', 'select'],
      ['stops', 'all-active'],
      ['vehicle-types', 'options-all'],
      ['notifications'],
      ['profile'],
    ]) {
      expect(concernsQuery('order', key), JSON.stringify(key)).toBe(false);
      expect(concernsQuery('request', key), JSON.stringify(key)).toBe(false);
    }
  });
  it('a request notification refreshes requests (shipper’s and carrier’s), not orders', () => {
    expect(concernsQuery('request', ['carrier-requests'])).toBe(true);
    expect(concernsQuery('request', ['requests/inbound', 'list', {}])).toBe(true);
    expect(concernsQuery('request', ['orders/outbound', 'list', {}])).toBe(false);
  });
  it('an RFQ notification refreshes RFQs and contracts on both sides, not the plant’s contract SLA', () => {
    expect(concernsQuery('rfp', ['rfqs', 'one', 4])).toBe(true);
    expect(concernsQuery('rfp', ['rfqs', 'compare', 4])).toBe(true);
    expect(concernsQuery('rfp', ['contracts', 'of-rfq', 4])).toBe(true);
    expect(concernsQuery('rfp', ['carrier-rfqs', 'detail', 4])).toBe(true);
    expect(concernsQuery('rfp', ['carrier-contracts', {}])).toBe(true);
    expect(concernsQuery('rfp', ['contract-sla', 1])).toBe(false);
    expect(concernsQuery('request', ['carrier-rfqs'])).toBe(false);
  });
  it('an indent notification refreshes the carrier’s indents, not its RFQs', () => {
    expect(concernsQuery('indent', ['carrier-indents', { pending: true }])).toBe(true);
    expect(concernsQuery('indent', ['carrier-indents', 'detail', 3])).toBe(true);
    expect(concernsQuery('rfp', ['carrier-indents'])).toBe(false);
  });
  it('an invoice notification refreshes invoices and payment summaries on both sides, nothing else', () => {
    for (const key of [
      ['invoices', 'list', {}],
      ['invoices', 'summary', {}],
      ['invoices', 'detail', 7],
      ['carrier-invoices', 'list', {}],
      ['carrier-invoices', 'summary', {}],
      ['carrier-invoices', 'detail', 7],
    ]) {
      expect(concernsQuery('invoice', key), JSON.stringify(key)).toBe(true);
    }
    for (const key of [['carrier-billable-orders', {}], ['carrier-orders'], ['orders/outbound', 'list', {}], ['dashboard']]) {
      expect(concernsQuery('invoice', key), JSON.stringify(key)).toBe(false);
    }
    expect(concernsQuery('order', ['invoices', 'list', {}])).toBe(false);
  });
});
