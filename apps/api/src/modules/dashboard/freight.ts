import { and, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client.ts';
import { inDays } from '../../lib/rows.ts';
import { orderEvents, orders } from '../../db/schema/orders.ts';
import { transportRequests } from '../../db/schema/requests.ts';
import { type StaffScope, staffPlantScope } from '../../lib/policy.ts';

/** The dashboard's filters: India days (YYYY-MM-DD), a plant, a business unit. */
export type DashboardFilter = { startDate?: string; endDate?: string; plantId?: number; businessUnitId?: number };

/** Records stamped within the filter's days (India time). */
export const inFilterDays = (column: PgColumn, q: DashboardFilter) => inDays(column, q.startDate, q.endDate);

/** The plants a figure counts: the filter's plant or business unit, within a staff user's own. */
function plantFilter(user: StaffScope, plantId: PgColumn, q: DashboardFilter): SQL | undefined {
  return and(
    staffPlantScope(user, plantId),
    q.plantId ? eq(plantId, q.plantId) : undefined,
    q.businessUnitId ? inArray(plantId, sql`(select id from plants where business_unit_id = ${q.businessUnitId})`) : undefined,
  );
}

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

/**
 * The freight figures of the dashboard, inbound and outbound together:
 * - live requests (scheduled or open) and requests awaiting award (closed), of those raised in the period;
 * - orders awaiting a vehicle (placed) and in transit (gate out), of those placed in the period;
 * - orders delivered in the period (by the day of the move to delivered);
 * - orders placed in the period (not rejected or cancelled), their freight spend, and the saving
 *   against the request's target price. A per-tonne price counts for the vehicle's share of the
 *   request's weight (weight ÷ vehicles); an offline per-tonne order, which has no weight, is left
 *   out of the rupee figures.
 */
export async function freightCards(db: Db, user: StaffScope, industryId: number, q: DashboardFilter): Promise<FreightCards> {
  const r = transportRequests;
  const o = orders;
  const [requests] = await db
    .select({
      live: sql<number>`count(*) filter (where ${r.status} in ('scheduled', 'open'))`.mapWith(Number),
      closed: sql<number>`count(*) filter (where ${r.status} = 'closed')`.mapWith(Number),
    })
    .from(r)
    .where(and(eq(r.industryId, industryId), plantFilter(user, r.plantId, q), inFilterDays(r.createdAt, q)));
  // Rupees each order is worth: the trip price, or the per-tonne price times the vehicle's tonnes.
  const tonnes = sql`(${r.weightTonnes} / nullif(${r.vehicleCount}, 0))`;
  const worth = (paise: SQL | PgColumn) => sql`case when ${o.priceBasis} = 'tonne' then ${paise} * ${tonnes} else ${paise} end`;
  const kept = sql`${o.status} not in ('rejected', 'cancelled')`;
  const [placed] = await db
    .select({
      awaitingVehicle: sql<number>`count(*) filter (where ${o.status} = 'placed')`.mapWith(Number),
      inTransit: sql<number>`count(*) filter (where ${o.status} = 'gate_out')`.mapWith(Number),
      ordersPlaced: sql<number>`count(*) filter (where ${kept})`.mapWith(Number),
      spendPaise: sql<number>`coalesce(sum(${worth(o.pricePaise)}) filter (where ${kept}), 0)`.mapWith(Number),
      savingPaise: sql<number>`coalesce(sum(${worth(sql`(${r.targetPricePaise} - ${o.pricePaise})`)})
        filter (where ${kept} and ${r.targetPricePaise} is not null), 0)`.mapWith(Number),
    })
    .from(o)
    .leftJoin(r, eq(r.id, o.requestId))
    .where(and(eq(o.industryId, industryId), plantFilter(user, o.plantId, q), inFilterDays(o.createdAt, q)));
  const [delivered] = await db
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
  return {
    liveRequests: requests?.live ?? 0,
    awaitingAward: requests?.closed ?? 0,
    awaitingVehicle: placed?.awaitingVehicle ?? 0,
    inTransit: placed?.inTransit ?? 0,
    delivered: delivered?.n ?? 0,
    ordersPlaced: placed?.ordersPlaced ?? 0,
    spendRupees: Math.round(placed?.spendPaise ?? 0) / 100,
    savingRupees: Math.round(placed?.savingPaise ?? 0) / 100,
  };
}
