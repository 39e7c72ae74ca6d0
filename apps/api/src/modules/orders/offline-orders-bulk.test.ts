import type { AddressInfo } from 'node:net';
import { createFreightdeskClient } from '@freightdesk/client';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { type OfflineOrderLine, pushOfflineOrders } from '@freightdesk/client/examples/erp-bulk-orders';
import { useTestApp } from '../../test/harness.ts';
import { createStaff } from '../../test/staff.ts';

/**
 * The inbound API for ERPs (issue 34): an ERP records offline orders one by one and 500 at a time,
 * with its own reference (`externalRef`) and Idempotency-Key. The 500 go over HTTP through the
 * typed client generated from the OpenAPI document (packages/client) with an API key, as the
 * example script packages/client/examples/erp-bulk-orders.ts sends them.
 */

const t = useTestApp();
const URL = '/api/offline-orders/outbound';
let owner = '';
let base: Record<string, unknown> = {};
let plants: { id: number }[] = [];
const call = (method: 'GET' | 'POST' | 'PUT', url: string, token: string, payload?: object, headers: Record<string, string> = {}) =>
  t.app.inject({ method, url, headers: { ...t.as(token), ...headers }, payload });
/** The orders holding a reference that starts with `prefix`, counted in the database itself. */
const countRefs = async (prefix: string) => {
  const res = await t.database.db.execute(sql`select count(*)::int as n from orders where external_ref like ${`${prefix}%`}`);
  return Number((res as unknown as { rows: { n: number }[] }).rows[0]?.n);
};
const lines = (n: number, prefix: string) => Array.from({ length: n }, (_, i) => ({ ...base, externalRef: `${prefix}${i + 1}` }));

beforeAll(async () => {
  owner = await t.login('owner@demo.test');
  plants = (await call('GET', '/api/plants/options', owner)).json().data;
  const [vehicle] = (await call('GET', '/api/vehicle-types/options', owner)).json().data;
  const [carrier] = (await call('GET', '/api/carriers/options', owner)).json().data;
  const stop = await call('POST', '/api/stops', owner, {
    name: 'ERP DC',
    type: 'drop',
    address: 'Yard',
    city: 'Surat',
    state: 'Gujarat',
    pincode: '395003',
    latitude: 21.17,
    longitude: 72.83,
  });
  expect(stop.statusCode, stop.body).toBe(201);
  expect(plants.length).toBeGreaterThan(1);
  base = {
    carrierLinkId: carrier.id,
    plantId: plants[0]?.id,
    vehicleTypeId: vehicle.id,
    priceRupees: 38000,
    pickupAt: new Date(Date.now() + 86_400_000).toISOString(),
    dropoffs: [{ stopId: stop.json().data.id }],
  };
});

describe('offline orders in bulk', () => {
  it('creates 500 orders in one call from an ERP script with an API key; the same call again answers the same and creates nothing', async () => {
    const created = await call('POST', '/api/api-keys', owner, { name: 'SAP nightly', scopes: ['orders:write'], expiresInDays: 30 });
    expect(created.statusCode, created.body).toBe(201);
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = t.app.server.address() as AddressInfo;
    const erp = createFreightdeskClient({ baseUrl: `http://127.0.0.1:${port}`, apiKey: created.json().data.key });
    const batch = lines(500, 'SO-BULK-') as OfflineOrderLine[];
    const started = Date.now();
    const first = await pushOfflineOrders(erp, batch, '2026-12-06');
    const took = Date.now() - started;
    expect(first.replayed).toBe(false);
    expect(first.answer).toMatchObject({ created: 500, failed: 0 });
    const results = first.answer.data;
    expect(results.map((r) => r.index)).toEqual(Array.from({ length: 500 }, (_, i) => i));
    expect(new Set(results.map((r) => r.id)).size).toBe(500);
    expect(await countRefs('SO-BULK-')).toBe(500);
    const again = await pushOfflineOrders(erp, batch, '2026-12-06');
    expect(again.replayed).toBe(true);
    expect(again.answer).toEqual(first.answer);
    expect(await countRefs('SO-BULK-')).toBe(500);
    // The same key with other lines is refused, not answered with the first call's answer.
    await expect(pushOfflineOrders(erp, lines(2, 'SO-OTHER-') as OfflineOrderLine[], '2026-12-06')).rejects.toThrow(/\(422\)/);
    // Each line is an order as any other: found by its reference.
    const found = (await call('GET', `${URL}?externalRef=SO-BULK-250`, owner)).json();
    expect(found.data.map((o: { id: number }) => o.id)).toEqual([results[249]?.id]);
    console.info(`500 offline orders in one bulk call over HTTP: ${took} ms`);
  }, 180_000);

  it('creates the good lines of a batch and names the bad line and its field', async () => {
    const res = await call('POST', `${URL}/bulk`, owner, {
      lines: [
        { ...base, externalRef: 'SO-MIX-1' },
        { ...base, externalRef: 'SO-MIX-2', priceRupees: 0 },
        { ...base, externalRef: 'SO-MIX-1' },
        { ...base, externalRef: 'SO-MIX-4', carrierLinkId: 999_999 },
        'not an order',
        { ...base, externalRef: 'SO-MIX-6' },
      ],
    });
    expect(res.statusCode, res.body).toBe(200);
    const [ok, price, duplicate, carrier, text, last] = res.json().data;
    expect(ok).toMatchObject({ index: 0, status: 'created' });
    expect(price).toMatchObject({ index: 1, status: 'error', code: 'VALIDATION_FAILED' });
    expect(Object.keys(price.errors)).toEqual(['priceRupees']);
    // A reference used by an earlier line of the same call is a duplicate too, naming that order.
    expect(duplicate).toMatchObject({ index: 2, status: 'error', code: 'DUPLICATE_EXTERNAL_REF' });
    expect(Object.keys(duplicate.errors)).toEqual(['externalRef']);
    expect(duplicate.message).toContain(`(id ${ok.id})`);
    expect(carrier).toMatchObject({ index: 3, status: 'error' });
    expect(Object.keys(carrier.errors)).toEqual(['carrierLinkId']);
    expect(text).toMatchObject({ index: 4, status: 'error' });
    expect(Object.keys(text.errors)).toEqual(['line']);
    expect(last).toMatchObject({ index: 5, status: 'created' });
    expect(res.json()).toMatchObject({ created: 2, failed: 4 });
    expect(await countRefs('SO-MIX-')).toBe(2);
  });

  it('takes 1 to 500 lines: none or 501 is a 400 naming lines, and nothing is created', async () => {
    for (const n of [0, 501]) {
      const res = await call('POST', `${URL}/bulk`, owner, { lines: lines(n, 'SO-LIMIT-') });
      expect(res.statusCode, `${n} lines`).toBe(400);
      expect(Object.keys(res.json().error.fields)).toEqual(['lines']);
    }
    expect(await countRefs('SO-LIMIT-')).toBe(0);
  });

  it('refuses a staff user a line at another plant, line by line', async () => {
    const [mine, theirs] = plants;
    const staff = await createStaff(t, owner, {
      permissions: ['add-offline-outbound-order', 'list-outbound-order'],
      plantIds: [mine?.id ?? 0],
    });
    const res = await call('POST', `${URL}/bulk`, staff.token, {
      lines: [
        { ...base, plantId: theirs?.id, externalRef: 'SO-STAFF-1' },
        { ...base, plantId: mine?.id, externalRef: 'SO-STAFF-2' },
      ],
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data[0]).toMatchObject({ index: 0, status: 'error', errors: { plantId: expect.any(String) } });
    expect(res.json().data[1]).toMatchObject({ index: 1, status: 'created' });
    expect(await countRefs('SO-STAFF-')).toBe(1);
    // Without the permission to add offline orders the whole call is a 403.
    const reader = await createStaff(t, owner, { permissions: ['list-outbound-order'] });
    expect((await call('POST', `${URL}/bulk`, reader.token, { lines: lines(1, 'SO-READER-') })).statusCode).toBe(403);
  });
});

describe('an offline order’s ERP reference', () => {
  it('is kept trimmed, shown, searched and filtered exactly', async () => {
    const res = await call('POST', URL, owner, { ...base, externalRef: '  SAP-4500012345  ' });
    expect(res.statusCode, res.body).toBe(201);
    const order = res.json().data;
    expect(order.externalRef).toBe('SAP-4500012345');
    expect((await call('GET', `${URL}/${order.id}`, owner)).json().data.externalRef).toBe('SAP-4500012345');
    const searched = (await call('GET', `${URL}?search=SAP-4500012345`, owner)).json();
    expect(searched.data.map((o: { id: number }) => o.id)).toEqual([order.id]);
    const filtered = (await call('GET', `/api/orders/outbound?externalRef=SAP-4500012345`, owner)).json();
    expect(filtered.data.map((o: { id: number }) => o.id)).toEqual([order.id]);
    expect((await call('GET', `${URL}?externalRef=SAP-45000`, owner)).json().total).toBe(0);
  });

  it('is refused past 64 characters (never cut) and answered 409 with the holder when taken', async () => {
    const long = await call('POST', URL, owner, { ...base, externalRef: 'X'.repeat(65) });
    expect(long.statusCode).toBe(400);
    expect(Object.keys(long.json().error.fields)).toEqual(['externalRef']);
    const exact = await call('POST', URL, owner, { ...base, externalRef: 'Y'.repeat(64) });
    expect(exact.json().data.externalRef).toBe('Y'.repeat(64));
    const first = (await call('POST', URL, owner, { ...base, externalRef: 'SAP-DUP-1' })).json().data;
    const again = await call('POST', URL, owner, { ...base, externalRef: 'SAP-DUP-1' });
    expect(again.statusCode).toBe(409);
    expect(again.json().error).toMatchObject({ code: 'DUPLICATE_EXTERNAL_REF', details: { field: 'externalRef', existingId: first.id } });
    expect(Object.keys(again.json().error.fields)).toEqual(['externalRef']);
    // An edit may keep its own reference, not take another order's.
    const second = (await call('POST', URL, owner, { ...base, externalRef: 'SAP-DUP-2' })).json().data;
    const keep = await call(
      'PUT',
      `${URL}/${second.id}`,
      owner,
      { ...base, externalRef: 'SAP-DUP-2' },
      { 'if-match': `"${second.updatedAt}"` },
    );
    expect(keep.statusCode, keep.body).toBe(200);
    const take = await call('PUT', `${URL}/${second.id}`, owner, { ...base, externalRef: 'SAP-DUP-1' });
    expect(take.statusCode).toBe(409);
    expect(take.json().error.details.existingId).toBe(first.id);
  });

  it('is unique per company: another shipper may hold the same reference', async () => {
    const mine = (await call('POST', URL, owner, { ...base, externalRef: 'SAP-SHARED-1' })).json().data;
    // The order moves to another shipper (Sunrise Polymers, which has no plan to record orders with).
    await t.seed((db) =>
      db.execute(sql`update orders set industry_id = (select industry_id from users where email = 'noplan@demo.test')
        where id = ${mine.id}`),
    );
    const same = await call('POST', URL, owner, { ...base, externalRef: 'SAP-SHARED-1' });
    expect(same.statusCode, same.body).toBe(201);
    expect(await countRefs('SAP-SHARED-1')).toBe(2);
  });
});
