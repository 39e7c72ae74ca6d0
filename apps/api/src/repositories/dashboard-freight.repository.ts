import { and, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../db/client.ts';
import { inDays } from './common/rows.ts';
import { orderKept, orderWorth } from './common/order-measures.ts';
import { orderEvents, orders } from '../db/schema/orders.ts';
import { transportRequests } from '../db/schema/requests.ts';
import { type StaffScope, staffPlantScope } from '../lib/policy.ts';
import type { DashboardFilter } from './dashboard.repository.ts';

export type { DashboardFilter };

/** Records stamped within the filter's days (India time). */
export const inFilterDays = (column: PgColumn, q: DashboardFilter) => inDays(column, q.startDate, q.endDate);

/** The plants a figure counts: the filter's plant or business unit, within a staff user's own. */
export function plantFilter(user: StaffScope, plantId: PgColumn, q: DashboardFilter): SQL | undefined {
  return and(
    staffPlantScope(user, plantId),
    q.plantId ? eq(plantId, q.plantId) : undefined,
    q.businessUnitId ? inArray(plantId, sql`(select id from plants where business_unit_id = ${q.businessUnitId})`) : undefined,
  );
}

// The spend and saving read `orders` left-joined to `transport_requests` on the order's request (its target).
export { orderKept };
/** The freight spend (paise) of the orders grouped, kept orders only. */
export const spendPaise = () => sql<number>`coalesce(sum(${orderWorth()}) filter (where ${orderKept}), 0)`.mapWith(Number);
/** The saving (paise) against the request's target price of the orders grouped, kept orders with a target only. */
export const savingPaise = () =>
  sql<number>`coalesce(sum(${orderWorth(sql`(${transportRequests.targetPricePaise} - ${orders.pricePaise})`)})
    filter (where ${orderKept} and ${transportRequests.targetPricePaise} is not null), 0)`.mapWith(Number);
/** Paise as rupees, to the paisa. */
export const rupees = (paise: number | null | undefined) => Math.round(paise ?? 0) / 100;

export type FreightCards = {
  liveRequests: number;
  awaitingAward: number;
  awaitingVehicle: number;
  inTransit: number;
  delivered: number;
  ordersPlaced: number;
  spendRupees: number;
  savingRupees: number;
};

const r = transportRequests;
const o = orders;

/** The requests of the figures: live and awaiting award, of those raised in the period. */
export const freightRequestsQuery = (db: DbOrTx, user: StaffScope, industryId: number, q: DashboardFilter) =>
  db
    .select({
      live: sql<number>`count(*) filter (where ${r.status} in ('scheduled', 'open'))`.mapWith(Number),
      closed: sql<number>`count(*) filter (where ${r.status} = 'closed')`.mapWith(Number),
    })
    .from(r)
    .where(and(eq(r.industryId, industryId), plantFilter(user, r.plantId, q), inFilterDays(r.createdAt, q)));

/** The orders of the figures picked up in the period: waiting, in transit, placed, their spend and saving. */
export const freightOrdersQuery = (db: DbOrTx, user: StaffScope, industryId: number, q: DashboardFilter) =>
  db
    .select({
      awaitingVehicle: sql<number>`count(*) filter (where ${o.status} = 'placed')`.mapWith(Number),
      inTransit: sql<number>`count(*) filter (where ${o.status} = 'gate_out')`.mapWith(Number),
      ordersPlaced: sql<number>`count(*) filter (where ${orderKept})`.mapWith(Number),
      spendPaise: spendPaise(),
      savingPaise: savingPaise(),
    })
    .from(o)
    .leftJoin(r, eq(r.id, o.requestId))
    .where(and(eq(o.industryId, industryId), plantFilter(user, o.plantId, q), inFilterDays(o.pickupAt, q)));

/** The orders delivered in the period (by the day of the move to delivered). */
export const freightDeliveredQuery = (db: DbOrTx, user: StaffScope, industryId: number, q: DashboardFilter) =>
  db
    .select({ n: sql<number>`count(distinct ${orderEvents.orderId})`.mapWith(Number) })
    .from(orderEvents)
    .innerJoin(o, eq(o.id, orderEvents.orderId))
    .where(
      and(
        eq(o.industryId, industryId),
        eq(orderEvents.toStatus, 'delivered'),
        plantFilter(user, o.plantId, q),
        inFilterDays(orderEvents.at, q),
      ),
    );

/**
 * The freight figures of the dashboard, inbound and outbound together:
 * - live requests (scheduled or open) and requests awaiting award (closed), of those raised in the period;
 * - orders awaiting a vehicle (placed) and in transit (gate out), of those picked up in the period
 *   (the pickup date, as the charts and the spend report count orders);
 * - orders delivered in the period (by the day of the move to delivered);
 * - orders picked up in the period (not rejected or cancelled), their freight spend, and the saving
 *   against the request's target price. A per-tonne price counts at the order's tonnes (repositories/common/order-measures.ts
 *   orderWorth); a per-tonne order without a weight is left out of the rupee figures.
 */
export async function freightCards(db: DbOrTx, user: StaffScope, industryId: number, q: DashboardFilter): Promise<FreightCards> {
  const [requests] = await freightRequestsQuery(db, user, industryId, q);
  const [placed] = await freightOrdersQuery(db, user, industryId, q);
  const [delivered] = await freightDeliveredQuery(db, user, industryId, q);
  return {
    liveRequests: requests?.live ?? 0,
    awaitingAward: requests?.closed ?? 0,
    awaitingVehicle: placed?.awaitingVehicle ?? 0,
    inTransit: placed?.inTransit ?? 0,
    delivered: delivered?.n ?? 0,
    ordersPlaced: placed?.ordersPlaced ?? 0,
    spendRupees: rupees(placed?.spendPaise),
    savingRupees: rupees(placed?.savingPaise),
  };
}
