import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { api, TOKEN_KEY } from './api.ts';

/** Every list read through `api.get` sends back its last page's cursor with another page of the same list. */
let urls: string[] = [];
let body: unknown;

beforeEach(() => {
  urls = [];
  vi.stubGlobal('localStorage', { getItem: (k: string) => (k === TOKEN_KEY ? 'tok' : null) });
  vi.stubGlobal('fetch', async (url: string) => {
    urls.push(url);
    return new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });
  });
});
afterEach(() => vi.unstubAllGlobals());

const page = (n: number, cursor?: string) => ({ data: [], total: 10_000, totalCapped: true, page: n, pageSize: 25, cursor });
const cursorOf = (url: string | undefined) => new URL(url ?? '', 'http://x').searchParams.get('cursor');

describe('list cursors', () => {
  it('sends the cursor of the page read last with another page of the same list, not with page 1', async () => {
    body = page(7, 'c7');
    await api.get('/orders/outbound', { page: 7, pageSize: 25, status: 'closed', search: undefined });
    body = page(8, 'c8');
    await api.get('/orders/outbound', { status: 'closed', pageSize: 25, page: 8 });
    expect(cursorOf(urls[1])).toBe('c7');
    await api.get('/orders/outbound', { status: 'closed', pageSize: 25, page: 6 });
    expect(cursorOf(urls[2])).toBe('c8');
    await api.get('/orders/outbound', { status: 'closed', pageSize: 25, page: 1 });
    expect(cursorOf(urls[3])).toBeNull();
  });

  it('keeps lists apart: another filter, sort, page size or path sends none', async () => {
    body = page(3, 'c3');
    await api.get('/orders/inbound', { page: 3, pageSize: 25, sort: '-pickupAt' });
    body = page(4);
    for (const query of [
      { page: 4, pageSize: 25, sort: 'pickupAt' },
      { page: 4, pageSize: 50, sort: '-pickupAt' },
      { page: 4, pageSize: 25, sort: '-pickupAt', status: 'closed' },
    ]) {
      await api.get('/orders/inbound', query);
    }
    await api.get('/orders/outbound', { page: 4, pageSize: 25, sort: '-pickupAt' });
    expect(urls.slice(1).map(cursorOf)).toEqual([null, null, null, null]);
    await api.get('/orders/inbound', { sort: '-pickupAt', page: 4, pageSize: 25 });
    expect(cursorOf(urls[5])).toBe('c3');
  });
});

describe('list cursors across a reload', () => {
  it("a reloaded tab sends its deep page's own cursor; a tab without the storage sends none", async () => {
    const stored = new Map<string, string>();
    vi.stubGlobal('sessionStorage', {
      getItem: (k: string) => stored.get(k) ?? null,
      setItem: (k: string, v: string) => stored.set(k, v),
    });
    body = page(2000, 'c2000');
    await api.get('/orders/outbound', { page: 2000, pageSize: 25 });
    // The reload: the modules start again, with only the tab's storage kept.
    vi.resetModules();
    const reloaded = await import('./api.ts');
    await reloaded.api.get('/orders/outbound', { page: 2000, pageSize: 25 });
    expect(cursorOf(urls[1])).toBe('c2000');

    stored.clear();
    vi.resetModules();
    const fresh = await import('./api.ts');
    await fresh.api.get('/orders/outbound', { page: 2000, pageSize: 25 });
    expect(cursorOf(urls[2])).toBeNull();
  });
});
