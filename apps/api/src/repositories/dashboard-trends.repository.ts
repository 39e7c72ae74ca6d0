import { and, desc, eq, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/client.ts';
import { orders } from '../db/schema/orders.ts';
import { transportRequests } from '../db/schema/requests.ts';
import { carriers, industryCarriers } from '../db/schema/tenancy.ts';
import { arrivedOnTime, atPlant, orderLane, placedOnTime } from './common/order-measures.ts';
import type { StaffScope } from '../lib/policy.ts';
import { type DashboardFilter, inFilterDays, orderKept, plantFilter, savingPaise, spendPaise } from './dashboard-freight.repository.ts';

/**
 * The statements of the shipper dashboard's charts (modules/dashboard/trends.ts): the orders picked
 * up in the filter's days, of the shipper, within a staff user's plants and the filter's plant or
 * business unit (as freightCards counts them).
 */

const o = orders;
const r = transportRequests;
const n = (expr: SQL) => sql<number>`count(*) filter (where ${expr})`.mapWith(Number);
type Scope = { user: StaffScope; industryId: number; q: DashboardFilter };

/** The orders the charts count. */
const inScope = ({ user, industryId, q }: Scope) =>
  and(eq(o.industryId, industryId), plantFilter(user, o.plantId, q), inFilterDays(o.pickupAt, q));

const month = sql<string>`to_char(${o.pickupAt} at time zone 'Asia/Kolkata', 'YYYY-MM')`;

/** Per India month of pickup: spend, saving and count of kept orders. */
export const trendMonthsQuery = (db: DbOrTx, s: Scope) =>
  db
    .select({ month, spend: spendPaise(), saving: savingPaise(), orders: n(orderKept) })
    .from(o)
    .leftJoin(r, eq(r.id, o.requestId))
    .where(inScope(s))
    .groupBy(month);

/** Orders by their current status. */
export const trendStatusesQuery = (db: DbOrTx, s: Scope) =>
  db
    .select({ status: o.status, count: sql<number>`count(*)`.mapWith(Number) })
    .from(o)
    .where(inScope(s))
    .groupBy(o.status);

/** Placements and deliveries judged and on time, and the orders in transit. */
export const trendTimesQuery = (db: DbOrTx, s: Scope) =>
  db
    .select({
      placed: n(sql`${atPlant} is not null`),
      placedOnTime: n(placedOnTime),
      delivered: n(sql`${o.arrivedAt} is not null`),
      deliveredOnTime: n(arrivedOnTime),
      inTransit: n(sql`${o.status} = 'gate_out'`),
    })
    .from(o)
    .where(inScope(s));

/** The 5 lanes of most spend (kept orders). */
export const trendLanesQuery = (db: DbOrTx, s: Scope) =>
  db
    .select({ lane: orderLane, spend: spendPaise(), orders: n(orderKept) })
    .from(o)
    .leftJoin(r, eq(r.id, o.requestId))
    .where(and(inScope(s), orderKept))
    .groupBy(orderLane)
    .orderBy(desc(spendPaise()), desc(sql`count(*)`), orderLane)
    .limit(5);

/** The 5 carriers of most kept orders, their spend, placements and deliveries judged and on time. */
export const trendCarriersQuery = (db: DbOrTx, s: Scope) =>
  db
    .select({
      carrier: carriers.name,
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
    .where(and(inScope(s), orderKept))
    .groupBy(carriers.id, carriers.name)
    .orderBy(desc(sql`count(*)`), desc(spendPaise()), carriers.name)
    .limit(5);

/** The charts' rows, read one statement after another (as before). */
export async function trendRows(db: DbOrTx, user: StaffScope, industryId: number, q: DashboardFilter) {
  const s = { user, industryId, q };
  const months = await trendMonthsQuery(db, s);
  const statuses = await trendStatusesQuery(db, s);
  const [times] = await trendTimesQuery(db, s);
  const lanes = await trendLanesQuery(db, s);
  const ranking = await trendCarriersQuery(db, s);
  return { months, statuses, times, lanes, ranking };
}
