import { and, desc, eq, type SQL, sql } from 'drizzle-orm';
import type { DashboardTrends } from '@freightdesk/shared/schemas/dashboard';
import { ORDER_STATUS_LABEL, ORDER_STATUSES, type OrderStatus } from '@freightdesk/shared/status/order';
import type { Db } from '../../db/client.ts';
import { orders } from '../../db/schema/orders.ts';
import { transportRequests } from '../../db/schema/requests.ts';
import { carriers, industryCarriers } from '../../db/schema/tenancy.ts';
import { arrivedOnTime, atPlant, orderLane, placedOnTime } from '../../lib/order-measures.ts';
import type { StaffScope } from '../../lib/policy.ts';
import { type DashboardFilter, inFilterDays, orderKept, plantFilter, rupees, savingPaise, spendPaise } from './freight.ts';

/** The months the spend chart shows at most (the latest ones). */
export const TREND_MONTHS = 24;
const o = orders;
const r = transportRequests;
const n = (expr: SQL) => sql<number>`count(*) filter (where ${expr})`.mapWith(Number);
const percent = (part: number, whole: number) => (whole ? Math.round((part / whole) * 1000) / 10 : null);

/** YYYY-MM of each month from `first` to `last` (both YYYY-MM), oldest first. */
export function monthsBetween(first: string, last: string): string[] {
  const out: string[] = [];
  let [y, m] = first.split('-').map(Number) as [number, number];
  const end = last.slice(0, 7);
  for (let ym = first.slice(0, 7); ym <= end; ym = `${y}-${String(m).padStart(2, '0')}`) {
    out.push(ym);
    m += 1;
    if (m > 12) {
      m = 1;
      y += 1;
    }
  }
  return out;
}

/**
 * The shipper dashboard's charts, over the orders picked up in the filter's days (India time; as
 * the reports the charts open count them), of
 * the shipper, within a staff user's plants and the filter's plant or business unit (as
 * freightCards counts them), inbound and outbound together:
 * - spendByMonth: per India month of pickup, the spend and saving of kept orders (not rejected or
 *   cancelled; freightCards' rules for a per-tonne price and the target) and their count; every
 *   month from the range's start (else the first order's) to its end (else the last order's), the
 *   latest TREND_MONTHS of them (months of pickup); none when no order is picked up in the range;
 * - ordersByStatus: orders by their current status (each status with orders, in lifecycle order);
 * - onTime: placement on time is a vehicle reported (else let in at the gate) at or before the
 *   pickup time + 2 hours, of the orders whose vehicle reported or was let in; delivery on time is
 *   an order arrived with no 'delay' event in tracking_events, of the orders arrived. A percent
 *   (one decimal) is null when its base is empty;
 * - topLanes: the 5 lanes of most spend (kept orders): outbound the plant to the order's last drop
 *   (its city, else its label); inbound the vendor's pickup (city, else label) to the plant;
 * - carrierRanking: the 5 carriers of most kept orders, their spend, and their on-time percent:
 *   placements and deliveries on time, of those judged (both rules above together);
 * - inTransit: orders out of the gate on the road (status gate_out).
 */
export async function dashboardTrends(db: Db, user: StaffScope, industryId: number, q: DashboardFilter): Promise<DashboardTrends> {
  const scope = and(eq(o.industryId, industryId), plantFilter(user, o.plantId, q), inFilterDays(o.pickupAt, q));

  const month = sql<string>`to_char(${o.pickupAt} at time zone 'Asia/Kolkata', 'YYYY-MM')`;
  const months = await db
    .select({ month, spend: spendPaise(), saving: savingPaise(), orders: n(orderKept) })
    .from(o)
    .leftJoin(r, eq(r.id, o.requestId))
    .where(scope)
    .groupBy(month);
  const byMonth = new Map(months.map((m) => [m.month, m]));
  const seen = [...byMonth.keys()].sort();
  const spendByMonth = seen.length
    ? monthsBetween(q.startDate ?? (seen[0] as string), q.endDate ?? (seen.at(-1) as string))
        .slice(-TREND_MONTHS)
        .map((ym) => {
          const m = byMonth.get(ym);
          return { month: ym, spendRupees: rupees(m?.spend), savingRupees: rupees(m?.saving), orders: m?.orders ?? 0 };
        })
    : [];

  const statuses = await db
    .select({ status: o.status, count: sql<number>`count(*)`.mapWith(Number) })
    .from(o)
    .where(scope)
    .groupBy(o.status);
  const counted = new Map(statuses.map((s) => [s.status, s.count]));
  const ordersByStatus = ORDER_STATUSES.filter((s) => counted.get(s)).map((status: OrderStatus) => ({
    status,
    label: ORDER_STATUS_LABEL[status],
    count: counted.get(status) ?? 0,
  }));

  const [times] = await db
    .select({
      placed: n(sql`${atPlant} is not null`),
      placedOnTime: n(placedOnTime),
      delivered: n(sql`${o.arrivedAt} is not null`),
      deliveredOnTime: n(arrivedOnTime),
      inTransit: n(sql`${o.status} = 'gate_out'`),
    })
    .from(o)
    .where(scope);
  const t = times ?? { placed: 0, placedOnTime: 0, delivered: 0, deliveredOnTime: 0, inTransit: 0 };

  const lane = orderLane;
  const lanes = await db
    .select({ lane, spend: spendPaise(), orders: n(orderKept) })
    .from(o)
    .leftJoin(r, eq(r.id, o.requestId))
    .where(and(scope, orderKept))
    .groupBy(lane)
    .orderBy(desc(spendPaise()), desc(sql`count(*)`), lane)
    .limit(5);

  const carrier = carriers.name;
  const ranking = await db
    .select({
      carrier,
      orders: n(orderKept),
      spend: spendPaise(),
      judged: n(sql`${atPlant} is not null`),
      onTime: n(placedOnTime),
      arrived: n(sql`${o.arrivedAt} is not null`),
      arrivedOnTime: n(arrivedOnTime),
    })
    .from(o)
    .innerJoin(industryCarriers, eq(industryCarriers.id, o.industryCarrierId))
    .innerJoin(carriers, eq(carriers.id, industryCarriers.carrierId))
    .leftJoin(r, eq(r.id, o.requestId))
    .where(and(scope, orderKept))
    .groupBy(carriers.id, carrier)
    .orderBy(desc(sql`count(*)`), desc(spendPaise()), carrier)
    .limit(5);

  return {
    spendByMonth,
    ordersByStatus,
    onTime: {
      placementPercent: percent(t.placedOnTime, t.placed),
      deliveryPercent: percent(t.deliveredOnTime, t.delivered),
      placed: t.placed,
      placedOnTime: t.placedOnTime,
      delivered: t.delivered,
      deliveredOnTime: t.deliveredOnTime,
    },
    topLanes: lanes.map((l) => ({ lane: l.lane, spendRupees: rupees(l.spend), orders: l.orders })),
    carrierRanking: ranking.map((c) => ({
      carrier: c.carrier,
      orders: c.orders,
      spendRupees: rupees(c.spend),
      onTimePercent: percent(c.onTime + c.arrivedOnTime, c.judged + c.arrived),
    })),
    inTransit: t.inTransit,
  };
}
