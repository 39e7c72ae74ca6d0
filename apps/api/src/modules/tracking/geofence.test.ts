import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { offlineOrder } from '../../test/execution.ts';
import { pairPhone } from '../../test/tracking.ts';
import { scanTrips } from './trip-scan.ts';
import { minutesAgo, type Stop, useGeofenceRoad } from '../../test/geofence-road.ts';
import { TRACKING_REASON_PREFIX } from './arrival-evidence.ts';
import { loadTrips } from '../../repositories/tracking-trips.repository.ts';
import { applyGeofences } from './trip-events.ts';
import { rowsOf } from '../../db/rows.ts';

const { t, call, r, track, status, at, stay, alertsOf, trackedSince, tracked } = useGeofenceRoad();

/**
 * A stay at the order's pickup committed behind the watch's back: three fixes 20, 17 and 14 minutes
 * ago written straight to positions; the trip as the watch loads it and the newest fix it sees.
 */
async function stayCommitted(order: { id: number; number: string; vehicleNumber: string | null }) {
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
  return { trip, fixes, newest: { latitude: pickup.latitude + 0.0002, longitude: pickup.longitude } };
}

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
    // The watch sees the newest fix only: the first two were committed while it was busy.
    const { trip, newest, fixes } = await stayCommitted(order);
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
    const { trip, newest, fixes } = await stayCommitted(order);
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
