import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { caller, offlineOrder, type Road, setupRoad, walk } from '../../test/execution.ts';
import { useTestApp } from '../../test/harness.ts';
import { osmand, pairPhone, traccarClient } from '../../test/tracking.ts';
import { TRACKING_REASON_PREFIX } from './arrival-evidence.ts';
import { listenTracking } from './tracking.ts';
import { scanTrips } from './trip-scan.ts';
import { loadTrips } from '../../repositories/tracking-trips.repository.ts';
import { applyGeofences } from './trip-events.ts';
import { rowsOf } from '../../db/rows.ts';

const t = useTestApp();
const call = caller(t);
let r: Road;
let port: number;
type Order = { id: number; number: string; vehicleNumber: string | null };
type Tracked = Order & { phone: string };
type Stop = { kind: string; label: string; latitude: number; longitude: number; arrivedAt: string | null; leftAt: string | null };
const second = (ms: number) => new Date(Math.floor(ms / 1000) * 1000);
const minutesAgo = (m: number) => second(Date.now() - m * 60_000);

const track = async (order: Order) => (await call('GET', `/api/tracking/outbound/orders/${order.id}`, r.owner)).json().data;
const status = async (order: Order) =>
  rowsOf<{ status: string }>(await t.database.db.execute(sql`select status from orders where id = ${order.id}`))[0]?.status;

/** Posts a position as Traccar Client does and waits for the geofence check it queues. */
async function at(phone: string, point: { latitude: number; longitude: number }, when: Date) {
  const res = await osmand(port, traccarClient(phone, point.latitude, point.longitude, when));
  expect(res.status, res.body).toBe(200);
  await t.app.tracking.geofencesIdle();
}

/** A stay: three fixes at the point, three minutes apart from `from` (the default dwell is five minutes). */
async function stay(phone: string, point: { latitude: number; longitude: number }, from: Date) {
  for (let i = 0; i < 3; i++) {
    await at(phone, { latitude: point.latitude + i * 0.0001, longitude: point.longitude }, new Date(from.getTime() + i * 180_000));
  }
}

/** The notifications a user got about an order, newest first. */
async function alertsOf(token: string, order: Order): Promise<{ title: string; msg: string }[]> {
  const res = await call('GET', '/api/notifications?pageSize=100', token);
  return res.json().data.filter((n: { referId: number | null }) => n.referId === order.id);
}

/** Tracking set `hours` ago (when the vehicle was assigned): the positions the tests send are the trip's. */
async function trackedSince(order: { id: number }, hours: number) {
  await t.database.db.execute(
    sql`update order_tracking set created_at = now() - ${`${hours} hours`}::interval where order_id = ${order.id}`,
  );
}

/**
 * An outbound order of Vayu tracked by a phone the owner pairs (named `name`), walked through the
 * API up to `until` (none: vehicle assigned); `phone` is the identifier it was issued.
 */
async function tracked(name: string, until?: string): Promise<Tracked> {
  const order = await offlineOrder(t, r, 'outbound');
  const phone = await pairPhone(t, r.owner, name);
  const set = await call('PUT', `/api/tracking/outbound/orders/${order.id}/method`, r.owner, { method: 'device', deviceId: phone.id });
  expect(set.statusCode, set.body).toBe(200);
  await trackedSince(order, 12);
  if (until) {
    await walk(t, r, 'outbound', order, until);
  }
  return { ...order, phone: phone.identifier };
}

beforeAll(async () => {
  r = await setupRoad(t);
  port = (await listenTracking(t.app, 0, '127.0.0.1')).port;
});

describe('geofences move the order by themselves', () => {
  it('a stay at the pickup plant marks it reported and a stay at the drop-off marks it arrived, with the evidence, by "tracking"', async () => {
    const order = await tracked('GF-PHONE-1');
    const stops = (await track(order)).stops as Stop[];
    const [pickup, drop] = stops;
    if (!pickup || !drop) {
      throw new Error('the order has no lane');
    }
    expect(await status(order)).toBe('vehicle_assigned');
    // Three km short of the plant: outside its geofence, nothing happens.
    await at(order.phone, { latitude: pickup.latitude - 0.03, longitude: pickup.longitude }, minutesAgo(662));
    expect(await status(order)).toBe('vehicle_assigned');
    // Inside the plant's geofence, but only two fixes three minutes apart: not yet (issue 31).
    const reportedAt = minutesAgo(660);
    await at(order.phone, { latitude: pickup.latitude + 0.001, longitude: pickup.longitude }, reportedAt);
    await at(order.phone, { latitude: pickup.latitude + 0.0011, longitude: pickup.longitude }, minutesAgo(657));
    expect(await status(order)).toBe('vehicle_assigned');
    // The third, six minutes after the first: reported, dated at the first fix inside.
    await at(order.phone, { latitude: pickup.latitude + 0.0012, longitude: pickup.longitude }, minutesAgo(654));
    expect(await status(order)).toBe('reported');
    const [reported] = rowsOf<{ by: number | null; reason: string | null; reported_at: Date | string }>(
      await t.database.db.execute(sql`select e.by, e.reason, o.reported_at from order_events e join orders o on o.id = e.order_id
        where e.order_id = ${order.id} and e.to_status = 'reported'`),
    );
    expect(reported?.by).toBeNull();
    expect(reported?.reason).toMatch(new RegExp(`^${TRACKING_REASON_PREFIX}: 3 positions inside .+ over 6 minutes`));
    expect(new Date(reported?.reported_at ?? 0).toISOString()).toBe(reportedAt.toISOString());
    expect((await alertsOf(r.owner, order)).map((n) => n.title)).toContain('Vehicle reported');
    expect((await alertsOf(r.vayu, order)).map((n) => n.title)).toContain('Vehicle reported');

    // The gate takes it from there; the truck left ten hours ago.
    const plantId = r.plants[0]?.id;
    expect(plantId).toBeDefined();
    for (const [step, body] of [
      ['gate-in', { vehicleNumber: order.vehicleNumber, driverChecked: true }],
      ['loaded', { grossKg: 24000, tareKg: 9000, sealNumber: 'S-1' }],
      ['gate-out', { documents: ['invoice', 'lr'] }],
    ] as const) {
      const res = await call('POST', `/api/orders/outbound/${order.id}/${step}`, r.owner, body);
      expect(res.statusCode, `${step}: ${res.body}`).toBe(200);
    }
    await t.database.db.execute(sql`update orders set gate_out_at = ${minutesAgo(601).toISOString()}::timestamptz where id = ${order.id}`);
    const leftAt = minutesAgo(600);
    await at(order.phone, { latitude: pickup.latitude - 0.05, longitude: pickup.longitude }, leftAt);
    // Still on the road: the plant's stay is over, nothing else moved.
    expect(await status(order)).toBe('gate_out');
    const arrivedAt = minutesAgo(30);
    await stay(order.phone, { latitude: drop.latitude, longitude: drop.longitude + 0.002 }, arrivedAt);
    expect(await status(order)).toBe('arrived');
    const [arrived] = rowsOf<{ by: number | null; reason: string | null; arrived_at: Date | string }>(
      await t.database.db.execute(sql`select e.by, e.reason, o.arrived_at from order_events e join orders o on o.id = e.order_id
        where e.order_id = ${order.id} and e.to_status = 'arrived'`),
    );
    expect(arrived?.by).toBeNull();
    expect(arrived?.reason).toMatch(new RegExp(`^${TRACKING_REASON_PREFIX}: 3 positions inside Surat DC over 6 minutes`));
    expect(new Date(arrived?.arrived_at ?? 0).toISOString()).toBe(arrivedAt.toISOString());
    expect((await alertsOf(r.owner, order)).map((n) => n.title)).toContain('Vehicle arrived');
    expect((await alertsOf(r.vayu, order)).map((n) => n.title)).toContain('Vehicle arrived');

    const after = await track(order);
    expect(after.state).toBe('arrived');
    expect((after.events as { kind: string }[]).map((e) => e.kind)).toEqual(['geofence_enter', 'geofence_exit', 'geofence_enter']);
    expect(after.stops[0]).toMatchObject({ arrivedAt: reportedAt.toISOString(), leftAt: leftAt.toISOString() });
    expect(after.stops[1]).toMatchObject({ arrivedAt: arrivedAt.toISOString(), leftAt: null });
    const detail = await call('GET', `/api/orders/outbound/${order.id}`, r.owner);
    const timeline = detail.json().data.timeline as { to: string; by: number | null; reason: string | null; byLabel: string }[];
    expect(timeline.filter((e) => e.reason?.startsWith(TRACKING_REASON_PREFIX)).map((e) => [e.to, e.byLabel])).toEqual([
      ['reported', 'Tracking (automatic)'],
      ['arrived', 'Tracking (automatic)'],
    ]);
    // A second pass (the scan job) over the same last position changes nothing.
    await scanTrips(t.database.db, new Date());
    expect((await track(order)).events).toHaveLength(3);
    expect((await alertsOf(r.owner, order)).filter((n) => n.title === 'Vehicle arrived')).toHaveLength(1);
  });

  it('does not move an order whose road has passed that step (a truck back at its plant on the road)', async () => {
    const order = await tracked('GF-PHONE-3', 'gate_out');
    const [pickup] = (await track(order)).stops as Stop[];
    await stay(order.phone, { latitude: (pickup?.latitude ?? 0) + 0.0005, longitude: pickup?.longitude ?? 0 }, minutesAgo(1));
    expect(await status(order)).toBe('gate_out');
    expect(((await track(order)).events as { kind: string }[]).map((e) => e.kind)).toEqual(['geofence_enter']);
  });
});

describe('geofences of an inbound order', () => {
  it('the vendor pickup moves nothing; entering the plant (the drop-off) marks it reported, not arrived', async () => {
    const order = await offlineOrder(t, r, 'inbound');
    const base = `/api/tracking/inbound/orders/${order.id}`;
    const phone = await pairPhone(t, r.owner, 'GF-PHONE-6');
    expect((await call('PUT', `${base}/method`, r.owner, { method: 'device', deviceId: phone.id })).statusCode).toBe(200);
    await trackedSince(order, 2);
    const stops = (await call('GET', base, r.owner)).json().data.stops as Stop[];
    expect(stops.map((s) => s.kind)).toEqual(['pickup', 'drop']);
    const [vendor, plant] = stops;
    await stay(phone.identifier, { latitude: vendor?.latitude ?? 0, longitude: vendor?.longitude ?? 0 }, minutesAgo(50));
    expect(await status(order)).toBe('vehicle_assigned');
    await stay(phone.identifier, { latitude: plant?.latitude ?? 0, longitude: plant?.longitude ?? 0 }, minutesAgo(9));
    expect(await status(order)).toBe('reported');
    const events = (await call('GET', base, r.owner)).json().data.events as { kind: string }[];
    expect(events.map((e) => e.kind)).toEqual(['geofence_enter', 'geofence_exit', 'geofence_enter']);
  });
});

describe('late positions and geofences', () => {
  it('a backlog position from before the drop-off neither ends the stay there nor enters a stop the truck left', async () => {
    const order = await tracked('GF-PHONE-5', 'gate_out');
    await t.database.db.execute(sql`update orders set gate_out_at = ${minutesAgo(600).toISOString()}::timestamptz where id = ${order.id}`);
    const [pickup, drop] = (await track(order)).stops as Stop[];
    if (!pickup || !drop) {
      throw new Error('the order has no lane');
    }
    await stay(order.phone, { latitude: drop.latitude, longitude: drop.longitude }, minutesAgo(12));
    expect(await status(order)).toBe('arrived');
    // The phone was offline on the way: its backlog arrives after the arrival, oldest first.
    await at(order.phone, { latitude: pickup.latitude, longitude: pickup.longitude }, minutesAgo(590));
    await at(order.phone, { latitude: drop.latitude - 0.5, longitude: drop.longitude }, minutesAgo(60));
    const after = await track(order);
    expect((after.events as { kind: string; text: string }[]).map((e) => e.kind)).toEqual(['geofence_enter']);
    expect(after.stops[1]).toMatchObject({ leftAt: null });
    expect(after.lastPosition).toMatchObject({ latitude: drop.latitude + 0.0002, longitude: drop.longitude });
    await scanTrips(t.database.db, new Date());
    expect((await track(order)).events).toHaveLength(1);
  });

  it('a stay whose fixes reach the check as one (a backlog, a batch committed meanwhile) starts at its first fix and is proven at once', async () => {
    const order = await tracked('GF-PHONE-9');
    const [pickup] = (await track(order)).stops as Stop[];
    if (!pickup) {
      throw new Error('the order has no lane');
    }
    const fixes = [20, 17, 14].map(minutesAgo);
    for (const [i, fixTime] of fixes.entries()) {
      await t.database.db.execute(sql`insert into positions (order_id, industry_id, source, fix_time, latitude, longitude)
        select id, industry_id, 'osmand', ${fixTime.toISOString()}::timestamptz, ${pickup.latitude + i * 0.0001}, ${pickup.longitude}
        from orders where id = ${order.id}`);
    }
    // The watch sees the newest fix only: the first two were committed while it was busy.
    const trip = (await loadTrips(t.database.db, [order.id])).get(order.id);
    if (!trip) {
      throw new Error('no trip');
    }
    const newest = { latitude: pickup.latitude + 0.0002, longitude: pickup.longitude };
    expect(await applyGeofences(t.database.db, trip, newest, fixes[2] as Date)).toBe('reported');
    const events = rowsOf<{ started_at: Date | string }>(
      await t.database.db.execute(sql`select started_at from tracking_events where order_id = ${order.id} and kind = 'geofence'`),
    );
    expect(events.map((e) => new Date(e.started_at).toISOString())).toEqual([fixes[0]?.toISOString()]);
  });
});

describe('a move whose alert fails', () => {
  it('keeps the move and the stay, logs the failure and leaves the notifications untouched', async () => {
    const order = await tracked('GF-PHONE-10');
    const [pickup] = (await track(order)).stops as Stop[];
    if (!pickup) {
      throw new Error('the order has no lane');
    }
    const fixes = [20, 17, 14].map(minutesAgo);
    for (const [i, fixTime] of fixes.entries()) {
      await t.database.db.execute(sql`insert into positions (order_id, industry_id, source, fix_time, latitude, longitude)
        select id, industry_id, 'osmand', ${fixTime.toISOString()}::timestamptz, ${pickup.latitude + i * 0.0001}, ${pickup.longitude}
        from orders where id = ${order.id}`);
    }
    const trip = (await loadTrips(t.database.db, [order.id])).get(order.id);
    if (!trip) {
      throw new Error('no trip');
    }
    const before = (await alertsOf(r.owner, order)).length;
    const logged: { o: object; m: string }[] = [];
    const log = { error: (o: object, m: string) => logged.push({ o, m }) };
    // The alert's insert fails in the database (as a full disk or a broken constraint would).
    await t.database.db.execute(
      sql.raw(`create function refuse_notification() returns trigger language plpgsql as
      $$ begin raise exception 'notifications refused'; end $$`),
    );
    await t.database.db.execute(
      sql.raw('create trigger refuse_notification before insert on notifications execute function refuse_notification()'),
    );
    try {
      const newest = { latitude: pickup.latitude + 0.0002, longitude: pickup.longitude };
      expect(await applyGeofences(t.database.db, trip, newest, fixes[2] as Date, log)).toBe('reported');
    } finally {
      await t.database.db.execute(sql.raw('drop trigger refuse_notification on notifications'));
      await t.database.db.execute(sql.raw('drop function refuse_notification()'));
    }
    expect(await status(order)).toBe('reported');
    const stays = rowsOf<{ details: { evidence?: { moved?: string } } }>(
      await t.database.db.execute(sql`select details from tracking_events where order_id = ${order.id} and kind = 'geofence'`),
    );
    expect(stays.map((e) => e.details.evidence?.moved)).toEqual(['reported']);
    expect(logged.map((l) => l.m)).toEqual(['tracking move made; its alert failed']);
    expect(await alertsOf(r.owner, order)).toHaveLength(before);
  });
});

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
        port,
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
      port,
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
