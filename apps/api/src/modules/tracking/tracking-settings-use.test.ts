import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_TRACKING_SETTINGS } from '@freightdesk/shared/schemas/tracking-settings';
import { caller, deliver, offlineOrder, type Road, setupRoad, walk } from '../../test/execution.ts';
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
  await t.database.db.execute(sql`update order_tracking set created_at = now() - interval '2 hours' where order_id = ${order.id}`);
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
  const hours = (n: number) => n * 3_600_000;
  const links = async (order: Order) =>
    (await call('GET', `/api/tracking/outbound/orders/${order.id}/links`, r.owner)).json().data as {
      id: number;
      expiresAt: string | null;
      active: boolean;
    }[];
  async function link(order: Order): Promise<{ id: number; token: string; expiresAt: string | null }> {
    const made = await call('POST', `/api/tracking/outbound/orders/${order.id}/links`, r.owner, { kind: 'live' });
    expect(made.statusCode, made.body).toBe(201);
    return made.json().data;
  }
  const open = (token: string) => t.app.inject({ method: 'GET', url: `/api/public/tracking/${token}` });

  it("a link expires at its order's delivery plus the grace as it was then: a grace raised later revives no expired link", async () => {
    await settings({ publicLinkGraceHours: 2 });
    const order = await onRoad('TS-PHONE-3');
    const onTheRoad = await link(order);
    expect(onTheRoad.expiresAt).toBeNull();
    expect((await call('POST', `/api/carrier/orders/${order.id}/arrive`, r.vayu, {})).statusCode).toBe(200);
    const delivered = new Date();
    const pod = await deliver(t, r.vayu, order.id, { receiverName: 'Store keeper', deliveredAt: delivered.toISOString() });
    expect(pod.statusCode, pod.body).toBe(200);
    const afterDelivery = await link(order);
    // Both links, the one made on the road and the one made after delivery: delivery plus 2 hours.
    const fixed = (await links(order)).map((l) => new Date(l.expiresAt ?? 0).getTime());
    expect(fixed).toHaveLength(2);
    for (const at of fixed) {
      expect(Math.abs(at - (delivered.getTime() + hours(2)))).toBeLessThan(60_000);
    }
    expect(new Date(afterDelivery.expiresAt ?? 0).getTime()).toBe(fixed[0]);

    await settings({ publicLinkGraceHours: 48 });
    expect((await links(order)).map((l) => new Date(l.expiresAt ?? 0).getTime())).toEqual(fixed);
    // Three hours on: the delivery and the fixed expiries lie that much further back.
    await t.database.db.execute(sql`update orders set delivered_at = delivered_at - interval '3 hours' where id = ${order.id}`);
    await t.database.db.execute(sql`update tracking_links set expires_at = expires_at - interval '3 hours' where order_id = ${order.id}`);
    for (const { token } of [onTheRoad, afterDelivery]) {
      const res = await open(token);
      expect(res.statusCode, res.body).toBe(410);
      expect(res.json().error.code).toBe('LINK_EXPIRED');
    }
    expect((await links(order)).map((l) => l.active)).toEqual([false, false]);

    // A link made now takes the grace as it is now (48 h from delivery); with 2 h it would not work, so none is made.
    const fresh = await link(order);
    expect((await open(fresh.token)).statusCode).toBe(200);
    await settings({ publicLinkGraceHours: 2 });
    expect((await open(fresh.token)).statusCode).toBe(200);
    const refused = await call('POST', `/api/tracking/outbound/orders/${order.id}/links`, r.owner, { kind: 'live' });
    expect(refused.statusCode).toBe(409);
    await settings({});
  });
});
