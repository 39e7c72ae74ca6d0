import { sql } from 'drizzle-orm';
import { beforeAll, expect } from 'vitest';
import { rowsOf } from '../db/rows.ts';
import { listenTracking } from '../modules/tracking/tracking.ts';
import { caller, offlineOrder, type Road, setupRoad, walk } from './execution.ts';
import { useTestApp } from './harness.ts';
import { osmand, pairPhone, traccarClient } from './tracking.ts';

export type GeofenceOrder = { id: number; number: string; vehicleNumber: string | null };
export type Tracked = GeofenceOrder & { phone: string };
export type Stop = { kind: string; label: string; latitude: number; longitude: number; arrivedAt: string | null; leftAt: string | null };
type Point = { latitude: number; longitude: number };

const second = (ms: number) => new Date(Math.floor(ms / 1000) * 1000);
export const minutesAgo = (m: number) => second(Date.now() - m * 60_000);

/**
 * The geofence and scan-alert tests' road (geofence.test.ts, geofence-alerts.test.ts): the test app,
 * the demo road (`r`, filled before the tests) and the tracking port, with the steps the tests
 * share: an order tracked by a paired phone, a position or a stay sent as Traccar Client sends it,
 * the order's track, status and notifications.
 */
export function useGeofenceRoad() {
  const t = useTestApp();
  const call = caller(t);
  const r = {} as Road;
  const tracking = { port: 0 };
  beforeAll(async () => {
    Object.assign(r, await setupRoad(t));
    tracking.port = (await listenTracking(t.app, 0, '127.0.0.1')).port;
  });

  const track = async (order: GeofenceOrder) => (await call('GET', `/api/tracking/outbound/orders/${order.id}`, r.owner)).json().data;
  const status = async (order: GeofenceOrder) =>
    rowsOf<{ status: string }>(await t.database.db.execute(sql`select status from orders where id = ${order.id}`))[0]?.status;

  /** Posts a position as Traccar Client does and waits for the geofence check it queues. */
  async function at(phone: string, point: Point, when: Date) {
    const res = await osmand(tracking.port, traccarClient(phone, point.latitude, point.longitude, when));
    expect(res.status, res.body).toBe(200);
    await t.app.tracking.geofencesIdle();
  }

  /** A stay: three fixes at the point, three minutes apart from `from` (the default dwell is five minutes). */
  async function stay(phone: string, point: Point, from: Date) {
    for (let i = 0; i < 3; i++) {
      await at(phone, { latitude: point.latitude + i * 0.0001, longitude: point.longitude }, new Date(from.getTime() + i * 180_000));
    }
  }

  /** The notifications a user got about an order, newest first. */
  async function alertsOf(token: string, order: GeofenceOrder): Promise<{ title: string; msg: string }[]> {
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

  return { t, call, r, tracking, track, status, at, stay, alertsOf, trackedSince, tracked };
}
