import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { offlineOrder } from '../../test/execution.ts';
import { minutesAgo, type Stop, useGeofenceRoad } from '../../test/geofence-road.ts';
import { osmand } from '../../test/tracking.ts';
import { scanTrips } from './trip-scan.ts';
import { rowsOf } from '../../db/rows.ts';

/** The scan's alerts (halt, delay, e-way bill, no signal) and the end of a trip; geofence.test.ts has the moves. */
const { t, call, r, tracking, track, at, alertsOf, tracked } = useGeofenceRoad();

describe('alerts raised by the scan', () => {
  it('a vehicle stationary for over 30 minutes on the road is halted: one alert to shipper and carrier; moving ends it', async () => {
    const order = await tracked('GF-PHONE-2', 'gate_out');
    // Nine km out of the plant (the truck left it just now, so nothing farther is believable).
    const [pickup] = (await track(order)).stops as Stop[];
    const road = { latitude: (pickup?.latitude ?? 0) + 0.08, longitude: pickup?.longitude ?? 0 };
    // 40 minutes within ~50 m of one point, away from every stop.
    for (const [minutes, jitter] of [
      [45, 0],
      [35, 0.0002],
      [25, -0.0003],
      [15, 0.0001],
      [5, 0.0004],
    ] as const) {
      await at(order.phone, { latitude: road.latitude + jitter, longitude: road.longitude }, minutesAgo(minutes));
    }
    expect((await track(order)).state).toBe('in_transit');
    await scanTrips(t.database.db, new Date());
    const halted = await track(order);
    expect(halted.state).toBe('halted');
    expect(halted.halts).toHaveLength(1);
    expect(halted.halts[0]).toMatchObject({ kind: 'halt', endedAt: null, latitude: road.latitude, longitude: road.longitude });
    const owners = (await alertsOf(r.owner, order)).filter((n) => n.title === 'Vehicle halted');
    expect(owners).toHaveLength(1);
    expect(owners[0]?.msg).toContain(order.number);
    expect((await alertsOf(r.vayu, order)).filter((n) => n.title === 'Vehicle halted')).toHaveLength(1);
    const board = (await call('GET', `/api/tracking/outbound/board?tab=halted&search=${order.number}`, r.owner)).json();
    expect(board.counts).toMatchObject({ 'in-transit': 1, halted: 1 });
    expect(board.data[0]).toMatchObject({ orderId: order.id, state: 'halted' });
    // Scanned again: still one alert.
    await scanTrips(t.database.db, new Date());
    expect((await alertsOf(r.owner, order)).filter((n) => n.title === 'Vehicle halted')).toHaveLength(1);
    // It moves on: the halt ends.
    await at(order.phone, { latitude: road.latitude + 0.05, longitude: road.longitude }, minutesAgo(0));
    await scanTrips(t.database.db, new Date());
    const moving = await track(order);
    expect(moving.state).toBe('in_transit');
    expect(moving.halts[0].endedAt).toEqual(expect.any(String));
  });

  it('a trip whose ETA passes the planned arrival is delayed: one alert, the delayed tab, the delay on the track', async () => {
    const order = await tracked('GF-PHONE-7', 'gate_out');
    // Out of the gate a day and a half ago, and still near the plant.
    await t.database.db.execute(sql`update orders set gate_out_at = now() - interval '36 hours' where id = ${order.id}`);
    const [pickup] = (await track(order)).stops as Stop[];
    await at(order.phone, { latitude: (pickup?.latitude ?? 0) - 0.1, longitude: pickup?.longitude ?? 0 }, minutesAgo(1));
    await scanTrips(t.database.db, new Date());
    await scanTrips(t.database.db, new Date());
    const delayed = await track(order);
    expect(delayed.state).toBe('delayed');
    expect(delayed.delayMinutes).toBeGreaterThan(30);
    expect(delayed.etaAt).toEqual(expect.any(String));
    expect((await alertsOf(r.owner, order)).filter((n) => n.title === 'Delayed')).toHaveLength(1);
    expect((await alertsOf(r.vayu, order)).filter((n) => n.title === 'Delayed')).toHaveLength(1);
    const board = (await call('GET', `/api/tracking/outbound/board?tab=delayed&search=${order.number}`, r.owner)).json();
    expect(board.data[0]).toMatchObject({ orderId: order.id, state: 'delayed', delayMinutes: expect.any(Number) });
    expect(board.data[0].delayMinutes).toBeGreaterThan(30);
  });

  it('an e-way bill that expires before the ETA alerts once; extended, its warning ends', async () => {
    const order = await tracked('GF-PHONE-9', 'gate_out');
    const [pickup] = (await track(order)).stops as Stop[];
    // Two km out of the plant a minute after the gate (farther would be an impossible jump).
    await at(order.phone, { latitude: (pickup?.latitude ?? 0) + 0.02, longitude: pickup?.longitude ?? 0 }, minutesAgo(1));
    const [bill] = rowsOf<{ id: number }>(
      await t.database.db.execute(sql`insert into eway_bills (industry_id, order_id, number, generated_at, distance_km, valid_until, value_paise, from_gstin, source)
        select industry_id, id, '331009876543', now() - interval '20 hours', 400, now() + interval '10 minutes', 5000000, '27AAACR5055K1Z7', 'manual'
        from orders where id = ${order.id} returning id`),
    );
    await scanTrips(t.database.db, new Date());
    await scanTrips(t.database.db, new Date());
    const warned = (await alertsOf(r.owner, order)).filter((n) => n.title === 'E-way bill expires on the road');
    expect(warned).toHaveLength(1);
    expect(warned[0]?.msg).toContain('331009876543');
    const open = (await track(order)).events.filter((e: { kind: string }) => e.kind === 'eway_expiring');
    expect(open).toMatchObject([{ endedAt: null }]);
    await t.database.db.execute(sql`update eway_bills set valid_until = now() + interval '3 days', extensions = 1 where id = ${bill?.id}`);
    await scanTrips(t.database.db, new Date());
    const ended = (await track(order)).events.filter((e: { kind: string }) => e.kind === 'eway_expiring');
    expect(ended).toMatchObject([{ endedAt: expect.any(String) }]);
  });

  it('a phone that only ever reports cell towers (no fix) is heard: no "no signal"', async () => {
    const order = await tracked('GF-PHONE-10', 'gate_out');
    await t.database.db.execute(sql`update orders set gate_out_at = now() - interval '2 hours' where id = ${order.id}`);
    await t.database.db.execute(sql`update order_tracking set started_at = now() - interval '2 hours' where order_id = ${order.id}`);
    for (const minutes of [50, 20, 1]) {
      const when = minutesAgo(minutes);
      const res = await osmand(
        tracking.port,
        `/?${new URLSearchParams({ id: order.phone, timestamp: String(when.getTime() / 1000) })}&cell=404,20,1234,5678`,
      );
      expect(res.status, res.body).toBe(200);
    }
    await scanTrips(t.database.db, new Date());
    const heard = await track(order);
    expect(heard.events.filter((e: { kind: string }) => e.kind === 'no_signal')).toEqual([]);
    expect((await alertsOf(r.owner, order)).filter((n) => n.title === 'No signal')).toEqual([]);
  });

  it('a trip with no position for over an hour raises no signal once', async () => {
    const order = await tracked('GF-PHONE-4', 'gate_out');
    const [pickup] = (await track(order)).stops as Stop[];
    await at(order.phone, { latitude: (pickup?.latitude ?? 0) + 0.5, longitude: pickup?.longitude ?? 0 }, minutesAgo(90));
    await scanTrips(t.database.db, new Date());
    await scanTrips(t.database.db, new Date());
    expect((await track(order)).state).toBe('no_signal');
    expect((await alertsOf(r.owner, order)).filter((n) => n.title === 'No signal')).toHaveLength(1);
    const board = (await call('GET', `/api/tracking/outbound/board?tab=no-signal&search=${order.number}`, r.owner)).json();
    expect(board.data.map((row: { orderId: number }) => row.orderId)).toEqual([order.id]);
    // A cell-only report is a signal too: the episode ends at the next scan.
    const heard = minutesAgo(0);
    const res = await osmand(
      tracking.port,
      `/?${new URLSearchParams({ id: order.phone, timestamp: String(heard.getTime() / 1000) })}&cell=404,20,1234,5678`,
    );
    expect(res.status, res.body).toBe(200);
    await scanTrips(t.database.db, new Date());
    const back = await track(order);
    expect(back.state).toBe('in_transit');
    expect(back.events.find((e: { kind: string }) => e.kind === 'no_signal')).toMatchObject({ endedAt: heard.toISOString() });
  });
});

describe('the end of a trip', () => {
  it('stops at delivery: the device is free for its next order and its positions no longer go to the delivered one', async () => {
    const order = await tracked('GF-PHONE-8', 'delivered');
    await scanTrips(t.database.db, new Date());
    const tracking = (await track(order)).tracking;
    expect(tracking.stoppedAt).toEqual(expect.any(String));
    const device = (await call('GET', '/api/tracking/devices?search=GF-PHONE-8', r.owner)).json().data[0];
    expect(device).toMatchObject({ name: 'GF-PHONE-8', credential: 'issued', activeOrderNumber: null });
    await new Promise((resolve) => setTimeout(resolve, 200));
    const after = minutesAgo(0);
    await at(order.phone, { latitude: 20.9, longitude: 73.9 }, after);
    const [row] = rowsOf<{ order_id: number | null }>(
      await t.database.db.execute(
        sql`select order_id from positions where device_id = ${device.id} and fix_time = ${after.toISOString()}::timestamptz`,
      ),
    );
    expect(row).toEqual({ order_id: null });
    const next = await offlineOrder(t, r, 'outbound');
    const set = await call('PUT', `/api/tracking/outbound/orders/${next.id}/method`, r.owner, { method: 'device', deviceId: device.id });
    expect(set.statusCode, set.body).toBe(200);
    // The delivered order's tracking cannot change any more.
    const late = await call('PUT', `/api/tracking/outbound/orders/${order.id}/method`, r.owner, { method: 'rail', fnr: '12345678901' });
    expect(late.statusCode).toBe(409);
  });
});
