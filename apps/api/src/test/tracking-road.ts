import { sql } from 'drizzle-orm';
import { beforeAll, expect } from 'vitest';
import { listenTracking } from '../modules/tracking/tracking.ts';
import { caller, type Dir, offlineOrder, type Road, setupRoad, walk } from './execution.ts';
import { useTestApp } from './harness.ts';
import { createStaff } from './staff.ts';
import { osmand, pairPhone, traccarClient } from './tracking.ts';

export type RoadOrder = { id: number; number: string; vehicleNumber: string | null };
/** The name of the phone the shipper paired for the order on the road. */
export const PHONE = 'RT-PHONE-1';
export const minutesAgo = (m: number) => new Date(Math.floor((Date.now() - m * 60_000) / 1000) * 1000);
export const fields = (res: { json: () => { error?: { fields?: Record<string, string> } } }) => Object.keys(res.json().error?.fields ?? {});
export const url = (dir: Dir, order: { id: number }, rest = '') => `/api/tracking/${dir}/orders/${order.id}${rest}`;

type Fixture = {
  r: Road;
  port: number;
  /** Another shipper (Sunrise Polymers). */
  tenant: string;
  /** Staff of the demo shipper without order permissions. */
  staff: string;
  /** Tracked by the phone named PHONE, out of the gate three hours ago, with 27 positions on the road. */
  onRoad: RoadOrder;
  /** That phone: its id and the identifier it was issued. */
  phone: { id: number; identifier: string };
  /** Tracked by FASTag, arrived. */
  arrived: RoadOrder;
  /** Not tracked yet, waiting for its vehicle. */
  waiting: RoadOrder;
};

/**
 * What the tracking route suites share: the app with its OsmAnd port open, the road of the execution
 * tests and three outbound orders of Vayu (on the road, arrived, waiting), and the calls they make.
 */
export function useTrackedRoad() {
  const t = useTestApp();
  const call = caller(t);
  let made: Fixture | undefined;
  const at = (): Fixture => {
    if (!made) {
      throw new Error('the tracked road is set up before the first test');
    }
    return made;
  };
  /** The fix times of the 27 positions posted for the order on the road, oldest first. */
  const fixes: Date[] = [];

  /** The refusals every order call owes: no token 401, staff without the permission 403, another shipper 404. */
  async function guarded(method: 'GET' | 'POST' | 'PUT', path: string, body?: object) {
    const { staff, tenant, r } = at();
    const anonymous = await t.app.inject({ method, url: path, payload: body });
    expect(anonymous.statusCode, `${method} ${path} without a token`).toBe(401);
    expect((await call(method, path, staff, body)).statusCode, `${method} ${path} by staff without permission`).toBe(403);
    const other = await call(method, path, tenant, body);
    expect(other.statusCode, `${method} ${path} by another shipper: ${other.body}`).toBe(404);
    const badId = await call(method, path.replace(/\/orders\/\d+/, '/orders/first'), r.owner, body);
    expect(badId.statusCode, `${method} ${path} with a bad id`).toBe(400);
    expect(fields(badId)).toContain('id');
  }

  beforeAll(async () => {
    const r = await setupRoad(t);
    const port = (await listenTracking(t.app, 0, '127.0.0.1')).port;
    const tenant = await t.login('noplan@demo.test');
    const staff = (await createStaff(t, r.owner, { permissions: ['list-whats-new'] })).token;
    const onRoad = await offlineOrder(t, r, 'outbound');
    const phone = await pairPhone(t, r.owner, PHONE);
    const set = await call('PUT', url('outbound', onRoad, '/method'), r.owner, { method: 'device', deviceId: phone.id });
    expect(set.statusCode, set.body).toBe(200);
    await walk(t, r, 'outbound', onRoad, 'gate_out');
    // Out of the gate three hours ago: its positions of the last hour are where a truck could be by then.
    await t.database.db.execute(sql`update orders set gate_out_at = now() - interval '3 hours' where id = ${onRoad.id}`);
    await t.database.db.execute(sql`update order_tracking set created_at = now() - interval '4 hours' where order_id = ${onRoad.id}`);
    const arrived = await offlineOrder(t, r, 'outbound');
    expect((await call('PUT', url('outbound', arrived, '/method'), r.owner, { method: 'fastag' })).statusCode).toBe(200);
    await walk(t, r, 'outbound', arrived, 'arrived');
    const waiting = await offlineOrder(t, r, 'outbound');
    // Positions on the road between the plant and Surat, well outside both geofences, oldest first.
    for (let i = 0; i < 27; i++) {
      fixes.push(minutesAgo(60 - i));
      const res = await osmand(port, traccarClient(phone.identifier, 20 + i * 0.01, 73 - i * 0.01, fixes[i] as Date, { speed: '27' }));
      expect(res.status, res.body).toBe(200);
    }
    made = { r, port, tenant, staff, onRoad, phone, arrived, waiting };
  });

  return {
    t,
    call,
    fixes,
    guarded,
    get r() {
      return at().r;
    },
    get port() {
      return at().port;
    },
    get tenant() {
      return at().tenant;
    },
    get staff() {
      return at().staff;
    },
    get onRoad() {
      return at().onRoad;
    },
    get phone() {
      return at().phone;
    },
    get arrived() {
      return at().arrived;
    },
    get waiting() {
      return at().waiting;
    },
  };
}
