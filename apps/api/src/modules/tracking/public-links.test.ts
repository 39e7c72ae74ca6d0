import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { caller, offlineOrder, type Road, setupRoad, walk } from '../../test/execution.ts';
import { useTestApp } from '../../test/harness.ts';
import { osmand, pairPhone, traccarClient } from '../../test/tracking.ts';
import { listenTracking } from './tracking.ts';
import { rowsOf } from '../../db/rows.ts';

const t = useTestApp();
const call = caller(t);
let r: Road;
let port: number;
type Order = { id: number; number: string; vehicleNumber: string | null };
let shown: Order;
let other: Order;
const minutesAgo = (m: number) => new Date(Math.floor((Date.now() - m * 60_000) / 1000) * 1000);

/** Opens a public link as a logged-out browser would. */
const open = (token: string, remoteAddress = '127.0.0.1') =>
  t.app.inject({ method: 'GET', url: `/api/public/tracking/${token}`, remoteAddress });

async function linkOf(order: Order, kind: 'live' | 'fast' = 'live'): Promise<{ id: number; token: string }> {
  const res = await call('POST', `/api/tracking/outbound/orders/${order.id}/links`, r.owner, { kind });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data;
}

/** Every key anywhere in a JSON value. */
function keysOf(value: unknown): string[] {
  if (Array.isArray(value)) {
    return value.flatMap(keysOf);
  }
  if (value && typeof value === 'object') {
    return Object.entries(value).flatMap(([k, v]) => [k, ...keysOf(v)]);
  }
  return [];
}

/** An order out of the gate three hours ago with its phone's positions (lat from `lat0`, one a minute). */
async function onRoad(name: string, lat0: number): Promise<Order> {
  const order = await offlineOrder(t, r, 'outbound', { patch: { priceRupees: 41_234 } });
  const phone = await pairPhone(t, r.owner, name);
  expect(
    (await call('PUT', `/api/tracking/outbound/orders/${order.id}/method`, r.owner, { method: 'device', deviceId: phone.id })).statusCode,
  ).toBe(200);
  await walk(t, r, 'outbound', order, 'gate_out');
  await t.database.db.execute(sql`update orders set gate_out_at = now() - interval '3 hours' where id = ${order.id}`);
  await t.database.db.execute(sql`update order_tracking set created_at = now() - interval '4 hours' where order_id = ${order.id}`);
  for (let i = 0; i < 5; i++) {
    expect((await osmand(port, traccarClient(phone.identifier, lat0 + i * 0.01, 73.3, minutesAgo(30 - i)))).status).toBe(200);
  }
  return order;
}

beforeAll(async () => {
  r = await setupRoad(t);
  port = (await listenTracking(t.app, 0, '127.0.0.1')).port;
  shown = await onRoad('PL-PHONE-1', 20.1);
  other = await onRoad('PL-PHONE-2', 20.6);
});

describe('a public link', () => {
  it('has a token of at least 128 random bits, stored only as its hash', async () => {
    const tokens = await Promise.all([linkOf(shown), linkOf(shown), linkOf(shown, 'fast')]);
    for (const { token } of tokens) {
      expect(token).toMatch(/^[A-Za-z0-9_-]+$/);
      // base64url: 6 bits a character.
      expect(token.length * 6).toBeGreaterThanOrEqual(128);
    }
    expect(new Set(tokens.map((l) => l.token)).size).toBe(3);
    const stored = rowsOf<{ token_hash: string }>(
      await t.database.db.execute(sql`select token_hash from tracking_links where order_id = ${shown.id}`),
    ).map((row) => row.token_hash);
    for (const { token } of tokens) {
      expect(stored).not.toContain(token);
    }
  });

  it('shows that shipment only, logged out: status, stops, trail, last position — no price, no carrier, no ids', async () => {
    const { token } = await linkOf(shown);
    const res = await open(token);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.headers['referrer-policy']).toBe('no-referrer');
    const data = res.json().data;
    expect(data).toMatchObject({ orderNumber: shown.number, status: 'gate_out', vehicleNumber: shown.vehicleNumber, expiresAt: null });
    expect(data.stops.map((s: { kind: string }) => s.kind)).toEqual(['pickup', 'drop']);
    expect(data.trail).toHaveLength(5);
    expect(data.trail.every(([lat]: [number]) => lat >= 20.1 && lat < 20.2)).toBe(true);
    expect(data.lastPosition).toMatchObject({ latitude: 20.14, longitude: 73.3 });
    const keys = keysOf(data);
    expect(keys.filter((k) => /(^id$|Id$|price|rate|carrier|driver|mobile|industry|plant)/i.test(k))).toEqual([]);
    for (const secret of ['41234', '41,234', 'Vayu', '9822012345', 'Ramesh', other.number]) {
      expect(res.body, secret).not.toContain(secret);
    }
  });

  it('shows the last position and an ETA of a trip on the road as soon as it has a position, as the track and the board do', async () => {
    // No trip scan has run yet: the ETA is worked out by its rule for every view alike.
    const { token } = await linkOf(other);
    const shownNow = (await open(token)).json().data;
    const track = (await call('GET', `/api/tracking/outbound/orders/${other.id}`, r.owner)).json().data;
    const board = (await call('GET', `/api/tracking/outbound/board?tab=in-transit&search=${other.number}`, r.owner)).json().data;
    expect(board).toHaveLength(1);
    const { source: _, ...position } = track.lastPosition;
    expect(shownNow.lastPosition).toEqual(position);
    expect(board[0].lastFixTime).toBe(position.fixTime);
    for (const eta of [shownNow.etaAt, track.etaAt, board[0].etaAt]) {
      expect(eta).toEqual(expect.any(String));
      // Worked out at each read: the same to within the seconds between them.
      expect(Math.abs(Date.parse(eta) - Date.parse(track.etaAt))).toBeLessThan(60_000);
    }
    expect(Date.parse(shownNow.etaAt)).toBeGreaterThan(Date.now());
    expect(track.kmLeft).toBeGreaterThan(0);
  });

  it('shows when the vehicle reached each stop, also once it has left it', async () => {
    const order = await offlineOrder(t, r, 'outbound');
    const base = `/api/tracking/outbound/orders/${order.id}`;
    const phone = await pairPhone(t, r.owner, 'PL-PHONE-3');
    expect((await call('PUT', `${base}/method`, r.owner, { method: 'device', deviceId: phone.id })).statusCode).toBe(200);
    await t.database.db.execute(sql`update order_tracking set created_at = now() - interval '1 hour' where order_id = ${order.id}`);
    const [plant] = (await call('GET', base, r.owner)).json().data.stops as { latitude: number; longitude: number }[];
    const reachedAt = minutesAgo(20);
    // Seen at the plant three times over six minutes: reported (issue 31: a stay, not one fix).
    for (const m of [20, 17, 14]) {
      const res = await osmand(port, traccarClient(phone.identifier, plant?.latitude ?? 0, plant?.longitude ?? 0, minutesAgo(m)));
      expect(res.status).toBe(200);
    }
    await t.app.tracking.geofencesIdle();
    const { token } = await linkOf(order);
    const atPlant = (await open(token)).json().data;
    expect(atPlant.status).toBe('reported');
    expect(atPlant.stops[0].arrivedAt).toBe(reachedAt.toISOString());
    // On the road again: the plant's stay is over, the arrival there is still a fact.
    const left = minutesAgo(5);
    expect((await osmand(port, traccarClient(phone.identifier, (plant?.latitude ?? 0) - 0.1, plant?.longitude ?? 0, left))).status).toBe(
      200,
    );
    await t.app.tracking.geofencesIdle();
    const track = (await call('GET', base, r.owner)).json().data;
    expect(track.stops[0]).toMatchObject({ arrivedAt: reachedAt.toISOString(), leftAt: left.toISOString() });
    const onRoad = (await open(token)).json().data;
    expect(onRoad.stops.map((s: { arrivedAt: string | null }) => s.arrivedAt)).toEqual([reachedAt.toISOString(), null]);
  });

  it('says so when revoked (410), and shows nothing', async () => {
    const link = await linkOf(shown);
    expect((await open(link.token)).statusCode).toBe(200);
    expect((await call('POST', `/api/tracking/outbound/orders/${shown.id}/links/${link.id}/revoke`, r.owner)).statusCode).toBe(200);
    const res = await open(link.token);
    expect(res.statusCode).toBe(410);
    expect(res.json()).toEqual({ error: expect.objectContaining({ code: 'LINK_REVOKED', message: expect.stringMatching(/withdrawn/) }) });
    expect(res.body).not.toContain(shown.number);
  });

  it('works until delivery plus the grace, then says it expired (410); a new link is refused (409)', async () => {
    const order = await offlineOrder(t, r, 'outbound');
    const link = await linkOf(order);
    await walk(t, r, 'outbound', order, 'delivered');
    const during = await open(link.token);
    expect(during.statusCode, during.body).toBe(200);
    const expiresAt = new Date(during.json().data.expiresAt).getTime();
    expect(Math.abs(expiresAt - (Date.now() + 24 * 3_600_000))).toBeLessThan(5 * 60_000);
    // A day and an hour on: the order's delivery and the link's expiry, fixed at delivery, both lie that far back.
    await t.database.db.execute(sql`update orders set delivered_at = now() - interval '25 hours' where id = ${order.id}`);
    await t.database.db.execute(sql`update tracking_links set expires_at = expires_at - interval '25 hours' where order_id = ${order.id}`);
    const after = await open(link.token);
    expect(after.statusCode).toBe(410);
    expect(after.json().error).toMatchObject({ code: 'LINK_EXPIRED', message: expect.stringMatching(/expired/) });
    expect(after.body).not.toContain(order.number);
    const listed = (await call('GET', `/api/tracking/outbound/orders/${order.id}/links`, r.owner)).json().data;
    expect(listed[0]).toMatchObject({ id: link.id, active: false });
    const again = await call('POST', `/api/tracking/outbound/orders/${order.id}/links`, r.owner, { kind: 'live' });
    expect(again.statusCode).toBe(409);
  });

  it('answers 404 for an unknown token and 400 for a malformed one', async () => {
    expect((await open('A'.repeat(32))).statusCode).toBe(404);
    const bad = await open('short');
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().error.fields ?? {})).toContain('token');
  });

  it('limits reads per client address (429 after 60 a minute)', async () => {
    const { token } = await linkOf(other);
    for (let i = 0; i < 60; i++) {
      expect((await open(token, '10.9.8.7')).statusCode).toBe(200);
    }
    const limited = await open(token, '10.9.8.7');
    expect(limited.statusCode).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect((await open(token, '10.9.8.8')).statusCode).toBe(200);
  });
});
