import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { caller, offlineOrder, type Road, setupRoad } from '../../test/execution.ts';
import { useTestApp } from '../../test/harness.ts';
import { createStaff } from '../../test/staff.ts';

const t = useTestApp();
const call = caller(t);
let r: Road;
/** The two demo plants: A (the first option) and B. */
let A: { id: number; name: string };
let B: { id: number; name: string };
const RANGE = 'startDate=2025-03-01&endDate=2025-04-30';

const trends = async (token: string, qs = '') => {
  const res = await call('GET', `/api/dashboard/trends${qs ? `?${qs}` : ''}`, token);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data;
};
const exec = (q: ReturnType<typeof sql>) => t.database.db.execute(q);

/**
 * Four orders picked up in March and April 2025 (India time), each set by SQL to a known state:
 * 1. plant A, Vayu, ₹30,000 against a request's ₹50,000 target, picked up 10 March, in transit,
 *    reported an hour after the pickup time (on time);
 * 2. plant A, Vayu, ₹20,000, picked up 00:30 on 1 April in India (still 31 March in UTC), arrived
 *    with a delay, reported three hours late;
 * 3. plant B, Shree Ganesh, ₹10,000, picked up 20 April, delivered, let in at the gate exactly two
 *    hours after the pickup time without reporting (on time), arrived without a delay;
 * 4. plant B, Vayu, ₹5,000, picked up 21 April, cancelled (no spend, but a status).
 */
beforeAll(async () => {
  r = await setupRoad(t);
  [A, B] = r.plants as [typeof A, typeof B];
  const request = (await call('POST', '/api/requests/outbound', r.owner, r.base)).json().data;
  const made = [
    await offlineOrder(t, r, 'outbound', { plantId: A.id }),
    await offlineOrder(t, r, 'outbound', { plantId: A.id }),
    await offlineOrder(t, r, 'outbound', { plantId: B.id, patch: { carrierLinkId: r.ganeshLink } }),
    await offlineOrder(t, r, 'outbound', { plantId: B.id }),
  ];
  const [o1, o2, o3, o4] = made.map((o) => o.id) as [number, number, number, number];
  // Each order's pickup day (India time) is what the charts count by, as the reports do.
  const pickups: [number, string][] = [
    [o1, '2025-03-10T06:00:00Z'],
    [o2, '2025-03-31T19:00:00Z'],
    [o3, '2025-04-20T06:00:00Z'],
    [o4, '2025-04-21T06:00:00Z'],
  ];
  for (const [id, at] of pickups) {
    await exec(sql`update orders set pickup_at = ${at}::timestamptz where id = ${id}`);
  }
  await exec(sql`update orders set price_paise = 3000000, request_id = ${request.id},
    status = 'gate_out', reported_at = pickup_at + interval '1 hour', gate_in_at = pickup_at + interval '3 hours' where id = ${o1}`);
  await exec(sql`update orders set price_paise = 2000000, status = 'arrived',
    reported_at = pickup_at + interval '3 hours', gate_in_at = pickup_at + interval '1 hour', arrived_at = pickup_at + interval '1 day'
    where id = ${o2}`);
  await exec(sql`update orders set price_paise = 1000000, status = 'delivered', reported_at = null,
    gate_in_at = pickup_at + interval '2 hours', arrived_at = pickup_at + interval '1 day' where id = ${o3}`);
  await exec(sql`update orders set price_paise = 500000, status = 'cancelled', reported_at = null,
    gate_in_at = null where id = ${o4}`);
  await exec(sql`insert into tracking_events (order_id, industry_id, kind, started_at)
    select id, industry_id, 'delay', now() from orders where id = ${o2}`);
});

describe('the dashboard’s trends', () => {
  it('charts spend, statuses, on-time, lanes and carriers of the orders picked up in the range', async () => {
    expect(await trends(r.owner, RANGE)).toEqual({
      spendByMonth: [
        { month: '2025-03', spendRupees: 30_000, savingRupees: 20_000, orders: 1 },
        // Order 2 was made at 00:30 on 1 April in India: April's.
        { month: '2025-04', spendRupees: 30_000, savingRupees: 0, orders: 2 },
      ],
      ordersByStatus: [
        { status: 'gate_out', label: 'In transit', count: 1 },
        { status: 'arrived', label: 'Arrived', count: 1 },
        { status: 'delivered', label: 'Delivered', count: 1 },
        { status: 'cancelled', label: 'Cancelled', count: 1 },
      ],
      onTime: { placementPercent: 66.7, deliveryPercent: 50, placed: 3, placedOnTime: 2, delivered: 2, deliveredOnTime: 1 },
      topLanes: [
        { lane: `${A.name} → Surat`, spendRupees: 50_000, orders: 2 },
        { lane: `${B.name} → Surat`, spendRupees: 10_000, orders: 1 },
      ],
      carrierRanking: [
        // Vayu: one placement of two on time, its one arrival delayed.
        { carrier: 'Vayu Roadlines', orders: 2, spendRupees: 50_000, onTimePercent: 33.3 },
        { carrier: 'Shree Ganesh Transport', orders: 1, spendRupees: 10_000, onTimePercent: 100 },
      ],
      inTransit: 1,
    });
  });

  it('follows the range: India days at its ends, every month of it, the latest 24 months at most', async () => {
    // 1 April in India starts at 18:30 UTC on 31 March: order 2 is April's, not March's.
    const march = await trends(r.owner, 'startDate=2025-03-01&endDate=2025-03-31');
    expect(march.spendByMonth).toEqual([{ month: '2025-03', spendRupees: 30_000, savingRupees: 20_000, orders: 1 }]);
    expect(march.inTransit).toBe(1);
    const long = await trends(r.owner, 'startDate=2023-01-01&endDate=2025-04-30');
    expect(long.spendByMonth).toHaveLength(24);
    expect(long.spendByMonth[0]).toEqual({ month: '2023-05', spendRupees: 0, savingRupees: 0, orders: 0 });
    expect(long.spendByMonth.at(-1)).toMatchObject({ month: '2025-04', spendRupees: 30_000 });
    const none = await trends(r.owner, 'startDate=2001-01-01&endDate=2001-12-31');
    expect(none).toMatchObject({ spendByMonth: [], ordersByStatus: [], topLanes: [], carrierRanking: [], inTransit: 0 });
    expect(none.onTime).toMatchObject({ placementPercent: null, deliveryPercent: null, placed: 0, delivered: 0 });
  });

  it('narrows to the plant or business unit chosen', async () => {
    expect(await trends(r.owner, `${RANGE}&plantId=${B.id}`)).toEqual({
      spendByMonth: [
        { month: '2025-03', spendRupees: 0, savingRupees: 0, orders: 0 },
        { month: '2025-04', spendRupees: 10_000, savingRupees: 0, orders: 1 },
      ],
      ordersByStatus: [
        { status: 'delivered', label: 'Delivered', count: 1 },
        { status: 'cancelled', label: 'Cancelled', count: 1 },
      ],
      onTime: { placementPercent: 100, deliveryPercent: 100, placed: 1, placedOnTime: 1, delivered: 1, deliveredOnTime: 1 },
      topLanes: [{ lane: `${B.name} → Surat`, spendRupees: 10_000, orders: 1 }],
      carrierRanking: [{ carrier: 'Shree Ganesh Transport', orders: 1, spendRupees: 10_000, onTimePercent: 100 }],
      inTransit: 0,
    });
    const units = (await exec(sql`select id, name from business_units order by name`)) as unknown as {
      rows: { id: number; name: string }[];
    };
    const unit = (name: string) => units.rows.find((u) => u.name === name)?.id;
    expect((await trends(r.owner, `${RANGE}&businessUnitId=${unit('West Region')}`)).inTransit).toBe(1);
    expect(await trends(r.owner, `${RANGE}&businessUnitId=${unit('South Region')}`)).toMatchObject({
      ordersByStatus: [],
      topLanes: [],
      inTransit: 0,
    });
  });

  it('keeps a staff user to its plants', async () => {
    const staff = await createStaff(t, r.owner, { permissions: ['list-outbound-order'], plantIds: [A.id] });
    const mine = await trends(staff.token, RANGE);
    expect(mine.spendByMonth).toEqual([
      { month: '2025-03', spendRupees: 30_000, savingRupees: 20_000, orders: 1 },
      { month: '2025-04', spendRupees: 20_000, savingRupees: 0, orders: 1 },
    ]);
    expect(mine.carrierRanking.map((c: { carrier: string }) => c.carrier)).toEqual(['Vayu Roadlines']);
    expect(mine.topLanes).toEqual([{ lane: `${A.name} → Surat`, spendRupees: 50_000, orders: 2 }]);
    expect(mine.inTransit).toBe(1);
    // Asking for the other plant does not reach past its own.
    expect(await trends(staff.token, `${RANGE}&plantId=${B.id}`)).toMatchObject({ spendByMonth: [], ordersByStatus: [], inTransit: 0 });
  });

  it('answers only the shipper’s own users, and names a bad date', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/dashboard/trends' })).statusCode).toBe(401);
    expect((await call('GET', '/api/dashboard/trends', r.vayu)).statusCode).toBe(403);
    const bad = await call('GET', '/api/dashboard/trends?startDate=2025-03-01&endDate=30-04-2025', r.owner);
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().error.fields)).toEqual(['endDate']);
    const other = await trends(await t.login('noplan@demo.test'));
    expect(other).toEqual({
      spendByMonth: [],
      ordersByStatus: [],
      onTime: { placementPercent: null, deliveryPercent: null, placed: 0, placedOnTime: 0, delivered: 0, deliveredOnTime: 0 },
      topLanes: [],
      carrierRanking: [],
      inTransit: 0,
    });
  });
});
