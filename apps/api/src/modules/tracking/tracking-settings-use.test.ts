import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_TRACKING_SETTINGS } from '@freightdesk/shared/schemas/tracking-settings';
import { caller, offlineOrder, type Road, setupRoad, walk } from '../../test/execution.ts';
import { useTestApp } from '../../test/harness.ts';
import { osmand, pairPhone, traccarClient } from '../../test/tracking.ts';
import { listenTracking } from './tracking.ts';
import { scanTrips } from './trip-scan.ts';

const t = useTestApp();
const call = caller(t);
let r: Road;
let port: number;
type Order = { id: number; number: string; vehicleNumber: string | null; phone: string };
const minutesAgo = (m: number) => new Date(Math.floor((Date.now() - m * 60_000) / 1000) * 1000);

/** Saves the demo shipper's tracking settings through the API (defaults for what is not given). */
async function settings(patch: Partial<typeof DEFAULT_TRACKING_SETTINGS>) {
  const res = await call('PUT', '/api/settings/tracking', r.owner, { ...DEFAULT_TRACKING_SETTINGS, ...patch });
  expect(res.statusCode, res.body).toBe(200);
}

async function at(phone: string, point: { latitude: number; longitude: number }, when: Date) {
  const res = await osmand(port, traccarClient(phone, point.latitude, point.longitude, when));
  expect(res.status, res.body).toBe(200);
  await t.app.tracking.geofencesIdle();
}

/** An order out of the gate just now, tracked by a phone the owner pairs (named `name`). */
async function onRoad(name: string, until = 'gate_out'): Promise<Order> {
  const order = await offlineOrder(t, r, 'outbound');
  const phone = await pairPhone(t, r.owner, name);
  const set = await call('PUT', `/api/tracking/outbound/orders/${order.id}/method`, r.owner, { method: 'device', deviceId: phone.id });
  expect(set.statusCode, set.body).toBe(200);
  await walk(t, r, 'outbound', order, until);
  return { ...order, phone: phone.identifier };
}

/** Five km out of the plant: where a truck that just left it can be. */
async function nearPlant(order: Order) {
  const [pickup] = (await track(order)).stops as { latitude: number; longitude: number }[];
  return { latitude: (pickup?.latitude ?? 0) + 0.05, longitude: pickup?.longitude ?? 0 };
}

const track = async (order: Order) => (await call('GET', `/api/tracking/outbound/orders/${order.id}`, r.owner)).json().data;
const alerts = async (order: Order, title: string) =>
  ((await call('GET', '/api/notifications?pageSize=100', r.owner)).json().data as { referId: number | null; title: string }[]).filter(
    (n) => n.referId === order.id && n.title === title,
  );

beforeAll(async () => {
  r = await setupRoad(t);
  port = (await listenTracking(t.app, 0, '127.0.0.1')).port;
});

describe("the trip scan follows the shipper's tracking settings", () => {
  it('a 10-minute halt setting raises the halt at 11 minutes standing, where the default 30 does not', async () => {
    const order = await onRoad('TS-PHONE-1');
    const road = await nearPlant(order);
    for (const [minutes, jitter] of [
      [12, 0],
      [8, 0.0002],
      [4, -0.0002],
      [1, 0.0001],
    ] as const) {
      await at(order.phone, { latitude: road.latitude + jitter, longitude: road.longitude }, minutesAgo(minutes));
    }
    await scanTrips(t.database.db, new Date());
    expect((await track(order)).state).toBe('in_transit');
    expect(await alerts(order, 'Vehicle halted')).toEqual([]);

    await settings({ haltMinutes: 10 });
    await scanTrips(t.database.db, new Date());
    const halted = await track(order);
    expect(halted.state).toBe('halted');
    expect(halted.halts).toMatchObject([{ kind: 'halt', endedAt: null }]);
    expect(await alerts(order, 'Vehicle halted')).toHaveLength(1);
  });

  it('a 10-minute no-signal setting raises no signal after 15 quiet minutes, where the default 60 does not', async () => {
    await settings({ haltMinutes: 10 });
    const order = await onRoad('TS-PHONE-2');
    await at(order.phone, await nearPlant(order), minutesAgo(15));
    await scanTrips(t.database.db, new Date());
    expect((await track(order)).state).toBe('in_transit');
    expect(await alerts(order, 'No signal')).toEqual([]);

    await settings({ noSignalMinutes: 10 });
    await scanTrips(t.database.db, new Date());
    expect((await track(order)).state).toBe('no_signal');
    expect(await alerts(order, 'No signal')).toHaveLength(1);
  });
});

describe("public links follow the shipper's grace setting", () => {
  it('a link 3 hours after delivery works with the default 24 h grace and has expired with a 2 h grace', async () => {
    await settings({});
    const order = await onRoad('TS-PHONE-3', 'delivered');
    const made = await call('POST', `/api/tracking/outbound/orders/${order.id}/links`, r.owner, { kind: 'live' });
    expect(made.statusCode, made.body).toBe(201);
    const delivered = new Date(Date.now() - 3 * 3_600_000);
    await t.database.db.execute(sql`update orders set delivered_at = ${delivered.toISOString()}::timestamptz where id = ${order.id}`);
    const open = () => t.app.inject({ method: 'GET', url: `/api/public/tracking/${made.json().data.token}` });
    const during = await open();
    expect(during.statusCode, during.body).toBe(200);
    expect(during.json().data.expiresAt).toBe(new Date(delivered.getTime() + 24 * 3_600_000).toISOString());

    await settings({ publicLinkGraceHours: 2 });
    const after = await open();
    expect(after.statusCode).toBe(410);
    expect(after.json().error.code).toBe('LINK_EXPIRED');
    const listed = (await call('GET', `/api/tracking/outbound/orders/${order.id}/links`, r.owner)).json().data;
    expect(listed[0]).toMatchObject({ active: false, expiresAt: new Date(delivered.getTime() + 2 * 3_600_000).toISOString() });
    const again = await call('POST', `/api/tracking/outbound/orders/${order.id}/links`, r.owner, { kind: 'live' });
    expect(again.statusCode).toBe(409);
  });
});
