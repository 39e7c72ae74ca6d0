import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { caller, offlineOrder, type Road, setupRoad, walk } from '../../test/execution.ts';
import { useTestApp } from '../../test/harness.ts';
import { osmand, pairPhone, traccarClient } from '../../test/tracking.ts';
import { listenTracking } from './tracking.ts';
import { rowsOf } from '../../db/rows.ts';

/** Issue 38: positions from before the trip (a phone's backlog, a device's earlier trip) are on none of its trail reads. */
const t = useTestApp();
const call = caller(t);
let r: Road;
let port: number;
type Order = { id: number; number: string; vehicleNumber: string | null };
type Point = { latitude: number; longitude: number };
const minutesAgo = (m: number) => new Date(Math.floor((Date.now() - m * 60_000) / 1000) * 1000);
const base = (order: Order) => `/api/tracking/outbound/orders/${order.id}`;

async function tracked(name: string): Promise<{ order: Order; phone: string; plant: Point }> {
  const order = await offlineOrder(t, r, 'outbound');
  const phone = await pairPhone(t, r.owner, name);
  const set = await call('PUT', `${base(order)}/method`, r.owner, { method: 'device', deviceId: phone.id });
  expect(set.statusCode, set.body).toBe(200);
  const [plant] = (await call('GET', base(order), r.owner)).json().data.stops as Point[];
  return { order, phone: phone.identifier, plant: { latitude: plant?.latitude ?? 0, longitude: plant?.longitude ?? 0 } };
}

async function send(phone: string, at: Point, when: Date) {
  const res = await osmand(port, traccarClient(phone, at.latitude, at.longitude, when, { speed: '20' }));
  expect(res.status, res.body).toBe(200);
}

/** Positions stored for the order and in use (not filtered): what the trail reads choose from. */
async function inUse(order: Order): Promise<number> {
  const [row] = rowsOf<{ n: number }>(
    await t.database.db.execute(sql`select count(*)::int as n from positions where order_id = ${order.id} and filtered is null`),
  );
  return row?.n ?? 0;
}

/** Every trail read: the shipper's and the carrier's track (its schedule map draws that trail), the places list, the public link. */
async function trails(order: Order) {
  const track = (await call('GET', base(order), r.owner)).json().data;
  const carrier = (await call('GET', `/api/carrier/tracking/orders/${order.id}`, r.vayu)).json().data;
  const places = (await call('GET', `${base(order)}/places?pageSize=100`, r.owner)).json();
  const made = await call('POST', `${base(order)}/links`, r.owner, { kind: 'live' });
  expect(made.statusCode, made.body).toBe(201);
  const shown = await t.app.inject({ method: 'GET', url: `/api/public/tracking/${made.json().data.token}` });
  expect(shown.statusCode, shown.body).toBe(200);
  const fixTimes = (trail: [number, number, number][]) => trail.map(([, , at]) => at);
  return {
    track: fixTimes(track.trail),
    carrier: fixTimes(carrier.trail),
    places: (places.data as { fixTime: string }[]).map((p) => new Date(p.fixTime).getTime()).sort((a, b) => a - b),
    placesTotal: places.total as number,
    public: fixTimes(shown.json().data.trail),
  };
}

beforeAll(async () => {
  r = await setupRoad(t);
  port = (await listenTracking(t.app, 0, '127.0.0.1')).port;
});

describe('a trip’s trail', () => {
  it('starts at its gate out: a backlog of fixes from the plant before it is on no trail read, the public link included', async () => {
    const { order, phone, plant } = await tracked('TB-PHONE-1');
    await walk(t, r, 'outbound', order, 'gate_out');
    await t.database.db.execute(sql`update orders set gate_out_at = now() - interval '3 hours' where id = ${order.id}`);
    await t.database.db.execute(sql`update order_tracking set created_at = now() - interval '5 hours' where order_id = ${order.id}`);
    const onTrip = [170, 160, 150].map(minutesAgo);
    for (const [i, when] of onTrip.entries()) {
      await send(phone, { latitude: plant.latitude + 0.02 * (i + 1), longitude: plant.longitude }, when);
    }
    // The phone's backlog arrives late: loading at the plant, before the gate out.
    for (const when of [240, 200].map(minutesAgo)) {
      await send(phone, { latitude: plant.latitude + 0.001, longitude: plant.longitude }, when);
    }
    expect(await inUse(order)).toBe(5);
    const expected = onTrip.map((d) => d.getTime());
    const read = await trails(order);
    expect(read).toEqual({ track: expected, carrier: expected, places: expected, placesTotal: 3, public: expected });
  });

  it('before the gate out starts when tracking was set on the order: a device’s earlier fixes stay off', async () => {
    const { order, phone, plant } = await tracked('TB-PHONE-2');
    // Tracking was set 20 minutes ago; the phone then sends a fix of its earlier trip (40 minutes ago, 25 km away) with two of this one.
    await t.database.db.execute(sql`update order_tracking set created_at = now() - interval '20 minutes' where order_id = ${order.id}`);
    const approach = { latitude: plant.latitude - 0.1, longitude: plant.longitude };
    const onTrip = [10, 5].map(minutesAgo);
    await send(phone, approach, onTrip[0] as Date);
    await send(phone, { ...approach, latitude: approach.latitude + 0.02 }, onTrip[1] as Date);
    const earlier = minutesAgo(40);
    await send(phone, { latitude: approach.latitude - 0.2, longitude: approach.longitude }, earlier);
    // The earlier trip's fix is kept as the device's, not this order's (the ingest's rule, issue 31).
    expect(await inUse(order)).toBe(2);
    const [device] = rowsOf<{ order_id: number | null }>(
      await t.database.db.execute(
        sql`select order_id from positions where fix_time = ${earlier.toISOString()}::timestamptz and latitude < ${approach.latitude}`,
      ),
    );
    expect(device).toEqual({ order_id: null });
    const expected = onTrip.map((d) => d.getTime());
    expect(await trails(order)).toEqual({ track: expected, carrier: expected, places: expected, placesTotal: 2, public: expected });
  });
});
