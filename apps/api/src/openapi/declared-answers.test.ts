import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../test/harness.ts';
import { freightLine, type Invoicing, invoiceBody, setupInvoicing } from '../test/invoicing.ts';

/**
 * The ERP-facing read routes that declare their 200 answer (record 0286), each called on rows made
 * here: the harness checks every answer against its schema (a mismatch is a 500 and fails the file).
 */
describe('declared answers', () => {
  const t = useTestApp();
  let s: Invoicing;
  beforeAll(async () => {
    s = await setupInvoicing(t);
  });

  /** GETs `url` and returns its JSON after asserting a 200. */
  async function read(token: string, url: string) {
    const res = await t.app.inject({ method: 'GET', url, headers: t.as(token) });
    expect(res.statusCode, `${url}: ${res.body.slice(0, 300)}`).toBe(200);
    return res.json();
  }

  /** A list's first row's id, after asserting the list has rows (so the detail is really called). */
  async function firstId(token: string, url: string): Promise<number> {
    const list = await read(token, url);
    expect(list.data.length, `${url} has rows`).toBeGreaterThan(0);
    return list.data[0].id;
  }

  it('the shipper: requests, orders, offline orders, tracking, documents, invoices', async () => {
    const { owner, vayu, base } = s.r;
    const made = await t.app.inject({ method: 'POST', url: '/api/requests/outbound', headers: t.as(owner), payload: base });
    expect(made.statusCode, made.body).toBe(201);
    await read(owner, `/api/requests/outbound/${await firstId(owner, '/api/requests/outbound')}`);
    const orderId = await firstId(owner, '/api/orders/outbound');
    await read(owner, `/api/orders/outbound/${orderId}`);
    await read(owner, `/api/tracking/outbound/orders/${orderId}`);
    await read(owner, `/api/orders/outbound/${orderId}/documents`);
    await read(owner, `/api/offline-orders/outbound/${await firstId(owner, '/api/offline-orders/outbound')}`);
    const delivered = s.delivered[0]?.id ?? 0;
    const invoice = await t.app.inject({
      method: 'POST',
      url: '/api/carrier/invoices',
      headers: t.as(vayu),
      payload: invoiceBody([freightLine(delivered)], { number: 'VT/26-27/901' }),
    });
    expect(invoice.statusCode, invoice.body).toBe(201);
    await read(owner, `/api/invoices/${await firstId(owner, '/api/invoices')}`);
  });

  it('the exports and the browser configuration', async () => {
    const admin = await t.login('admin@demo.test');
    for (const [token, url, type] of [
      [s.r.owner, '/api/carriers/export?format=csv', 'text/csv'],
      [s.r.owner, '/api/carriers/export?format=xlsx', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'],
      [admin, '/api/admin/shippers/export?format=csv', 'text/csv'],
    ] as const) {
      const res = await t.app.inject({ method: 'GET', url, headers: t.as(token) });
      expect(res.statusCode, `${url}: ${res.body.slice(0, 200)}`).toBe(200);
      expect(res.headers['content-type']).toContain(type);
    }
    const config = await t.app.inject({ method: 'GET', url: '/api/config' });
    expect(config.json().data.mapTileUrl).toMatch(/^https?:\/\//);
  });

  it('the carrier: its orders and invoices', async () => {
    const { vayu } = s.r;
    await read(vayu, `/api/carrier/orders/${await firstId(vayu, '/api/carrier/orders')}`);
    await read(vayu, `/api/carrier/invoices/${await firstId(vayu, '/api/carrier/invoices')}`);
  });
});
