import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { caller, offlineOrder, type Road, setupRoad, walk } from '../../test/execution.ts';
import { useTestApp } from '../../test/harness.ts';

/**
 * The carrier's side of the driver's trip link (issue 35, record 0300):
 * `POST | GET | DELETE /api/carrier/orders/:id/driver-link`.
 */
const t = useTestApp();
const call = caller(t);
let r: Road;
const rows = <T>(result: unknown) => (result as { rows: T[] }).rows;
const make = (id: number, token = r.vayu, body: object = {}, headers: Record<string, string> = {}) =>
  call('POST', `/api/carrier/orders/${id}/driver-link`, token, body, headers);
const state = (id: number, token = r.vayu) => call('GET', `/api/carrier/orders/${id}/driver-link`, token);
const trip = (token: string) => t.app.inject({ method: 'GET', url: `/api/trip/${token}`, remoteAddress: '10.35.0.1' });

beforeAll(async () => {
  r = await setupRoad(t);
});

describe('the carrier makes a driver link', () => {
  it('answers 201 with the token and URL once; the read shows no token; only its hash is stored', async () => {
    const order = await offlineOrder(t, r, 'outbound');
    const res = await make(order.id, r.vayu, { driverPhone: '9822012345' });
    expect(res.statusCode, res.body).toBe(201);
    const data = res.json().data;
    expect(Object.keys(data).sort()).toEqual(['createdAt', 'expiresAt', 'id', 'token', 'url']);
    expect(data.token).toMatch(/^[A-Za-z0-9_-]{32}$/);
    expect(data.url).toMatch(new RegExp(`/#/trip/${data.token}$`));
    expect(data.expiresAt).toBeNull();
    const read = await state(order.id);
    expect(read.statusCode, read.body).toBe(200);
    expect(read.json().data).toEqual({ id: data.id, createdAt: data.createdAt, expiresAt: null, lastSeenAt: null, active: true });
    expect(read.body).not.toContain(data.token);
    const stored = rows<{ token_hash: string; driver_phone: string }>(
      await t.database.db.execute(sql`select token_hash, driver_phone from driver_links where id = ${data.id}`),
    );
    expect(stored).toHaveLength(1);
    expect(stored[0]?.token_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(stored[0]?.driver_phone).toBe('9822012345');
    // The driver's page opens, and the carrier sees it was.
    expect((await trip(data.token)).statusCode).toBe(200);
    expect((await state(order.id)).json().data.lastSeenAt).not.toBeNull();
  });

  it('binds the phone as the order’s tracking device when the order has none', async () => {
    const order = await offlineOrder(t, r, 'outbound');
    expect((await make(order.id)).statusCode).toBe(201);
    const method = await call('GET', `/api/carrier/tracking/orders/${order.id}/method`, r.vayu);
    expect(method.statusCode, method.body).toBe(200);
    expect(method.json().data).toMatchObject({ method: 'device', device: { kind: 'phone', credential: 'issued' } });
  });

  it('refuses a bad mobile (400 naming it), another carrier’s order (404) and the shipper (403)', async () => {
    const order = await offlineOrder(t, r, 'outbound');
    const bad = await make(order.id, r.vayu, { driverPhone: '12345' });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().error.fields)).toEqual(['driverPhone']);
    expect((await make(order.id, r.ganesh)).statusCode).toBe(404);
    expect((await state(order.id, r.ganesh)).statusCode).toBe(404);
    expect((await make(order.id, r.owner)).statusCode).toBe(403);
    expect(rows(await t.database.db.execute(sql`select id from driver_links where order_id = ${order.id}`))).toEqual([]);
  });

  it('refuses an order without a vehicle and one that is over (409)', async () => {
    const bare = await offlineOrder(t, r, 'outbound', { vehicle: null });
    const none = await make(bare.id);
    expect(none.statusCode).toBe(409);
    expect(none.json().error.code).toBe('NO_VEHICLE');
    const done = await offlineOrder(t, r, 'outbound');
    await walk(t, r, 'outbound', done, 'delivered');
    const over = await make(done.id);
    expect(over.statusCode).toBe(409);
    expect(over.json().error.code).toBe('TRIP_OVER');
  });

  it('a new link revokes the old one (its token is 404); DELETE revokes the new one', async () => {
    const order = await offlineOrder(t, r, 'outbound');
    const first = (await make(order.id)).json().data;
    const second = (await make(order.id)).json().data;
    expect(second.id).not.toBe(first.id);
    const old = await trip(first.token);
    expect(old.statusCode).toBe(404);
    expect(old.json().error).toMatchObject({
      code: 'LINK_NOT_FOUND',
      message: 'This trip link has ended or is not valid. Ask your transporter for a new one.',
    });
    expect((await trip(second.token)).statusCode).toBe(200);
    const revoked = await t.app.inject({ method: 'DELETE', url: `/api/carrier/orders/${order.id}/driver-link`, headers: t.as(r.vayu) });
    expect(revoked.statusCode, revoked.body).toBe(200);
    expect(revoked.json().data).toEqual({ revoked: true });
    expect((await trip(second.token)).statusCode).toBe(404);
    expect((await state(order.id)).json().data).toMatchObject({ id: second.id, active: false });
    const again = await t.app.inject({ method: 'DELETE', url: `/api/carrier/orders/${order.id}/driver-link`, headers: t.as(r.vayu) });
    expect(again.json().data).toEqual({ revoked: false });
  });

  it('answers null before any link, and a retried create with its key makes one link', async () => {
    const order = await offlineOrder(t, r, 'outbound');
    expect((await state(order.id)).json().data).toBeNull();
    const key = { 'idempotency-key': `driver-link-${order.id}` };
    const a = await make(order.id, r.vayu, {}, key);
    const b = await make(order.id, r.vayu, {}, key);
    expect(b.statusCode).toBe(201);
    expect(b.json().data.token).toBe(a.json().data.token);
    expect(rows(await t.database.db.execute(sql`select id from driver_links where order_id = ${order.id}`))).toHaveLength(1);
  });
});
