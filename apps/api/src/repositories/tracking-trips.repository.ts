import { and, asc, eq, inArray, isNull, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/client.ts';
import { rowsOf } from '../db/rows.ts';
import { orderStops } from '../db/schema/execution.ts';
import { orders } from '../db/schema/orders.ts';
import { industryCarriers } from '../db/schema/tenancy.ts';
import { orderTracking, trackingEvents, trackingLastPositions } from '../db/schema/tracking.ts';
import { type Action, type Direction, ordersFor, type Viewer } from '../lib/policy.ts';
import { plannedTimes, type TripStop } from '../modules/tracking/trip.ts';

/**
 * The statements of a trip (issue 32): one order with its stops, tracking, last position and open
 * episodes, as the track, the scan and the geofence check read it; and the order found within a
 * viewer's policy scope (the policy's order rule, `ordersFor`).
 */

/** What the track, the scan and the geofence check read of one order's trip. */
export type Trip = {
  id: number;
  number: string;
  industryId: number;
  requestType: number;
  plantId: number;
  carrierLinkId: number;
  carrierId: number;
  status: string;
  vehicleNumber: string | null;
  driverName: string | null;
  pickupAt: Date;
  gateOutAt: Date | null;
  deliveredAt: Date | null;
  stops: TripStop[];
  planned: (Date | null)[];
  /** Km/h of the lane's route master (distance over transit), if one matches. */
  laneKmh: number | null;
  tracking: typeof orderTracking.$inferSelect | null;
  last: typeof trackingLastPositions.$inferSelect | null;
  open: (typeof trackingEvents.$inferSelect)[];
};

/** Who reaches an order: the viewer, the action and (on a direction's routes) the direction. */
export type OrderReach = { viewer: Viewer; action: Action; direction?: Direction };

/** The policy's order rule for the reach (nothing when it admits nothing). */
export const orderScope = (reach: OrderReach): SQL => ordersFor(reach.viewer, reach.action, reach.direction) ?? sql`false`;

/** The order (by id) if the viewer reaches it. */
export const orderInReachStatement = (reach: OrderReach, id: number): SQL =>
  sql`select ${orders.id} as id from ${orders} where ${and(eq(orders.id, id), orderScope(reach))}`;

/** The id of the order if the viewer reaches it. */
export async function orderIdInReach(db: DbOrTx, reach: OrderReach, id: number): Promise<number | null> {
  const [row] = rowsOf<{ id: number }>(await db.execute(orderInReachStatement(reach, id)));
  return row ? Number(row.id) : null;
}

/** The route master of each order's lane: same plant, its last destination the order's last drop-off. */
export const laneTransitStatement = (ids: number[]): SQL => sql`
      select distinct on (o.id) o.id as order_id, rm.transit_hours, rm.distance_km
      from orders o
      join order_stops s on s.order_id = o.id and s.kind = 'drop' and s.stop_id is not null
        and s.seq = (select max(seq) from order_stops x where x.order_id = o.id)
      join route_masters rm on rm.industry_id = o.industry_id and rm.origin_plant_id = o.plant_id and rm.status = 'active'
      join route_points rp on rp.route_id = rm.id and rp.role = 'destination' and rp.stop_id = s.stop_id
      where o.id = any(${sql.param(ids)}::int[])
      order by o.id, rm.id desc`;

async function laneTransit(db: DbOrTx, ids: number[]): Promise<Map<number, { hours: number; km: number }>> {
  const rows = rowsOf<{ order_id: number; transit_hours: number; distance_km: number }>(await db.execute(laneTransitStatement(ids)));
  return new Map(rows.map((r) => [Number(r.order_id), { hours: Number(r.transit_hours), km: Number(r.distance_km) }]));
}

/** The orders, their stops, lanes and open episodes, read together. */
function readTrips(db: DbOrTx, ids: number[]) {
  return Promise.all([
    db
      .select({ o: orders, carrierId: industryCarriers.carrierId, t: orderTracking, last: trackingLastPositions })
      .from(orders)
      .innerJoin(industryCarriers, eq(industryCarriers.id, orders.industryCarrierId))
      .leftJoin(orderTracking, eq(orderTracking.orderId, orders.id))
      .leftJoin(trackingLastPositions, eq(trackingLastPositions.orderId, orders.id))
      .where(inArray(orders.id, ids)),
    db.select().from(orderStops).where(inArray(orderStops.orderId, ids)).orderBy(asc(orderStops.orderId), asc(orderStops.seq)),
    laneTransit(db, ids),
    db
      .select()
      .from(trackingEvents)
      .where(and(inArray(trackingEvents.orderId, ids), isNull(trackingEvents.endedAt))),
  ]);
}

/** Loads the trips of these orders (missing ids are left out). */
export async function loadTrips(db: DbOrTx, ids: number[]): Promise<Map<number, Trip>> {
  const trips = new Map<number, Trip>();
  if (!ids.length) {
    return trips;
  }
  const [base, stops, lanes, events] = await readTrips(db, ids);
  for (const { o, carrierId, t, last } of base) {
    const own = stops.filter((s) => s.orderId === o.id).map(({ orderId: _, addressId: __, stopId: ___, ...s }) => s);
    const lane = lanes.get(o.id) ?? null;
    trips.set(o.id, {
      id: o.id,
      number: o.number,
      industryId: o.industryId,
      requestType: o.requestType,
      plantId: o.plantId,
      carrierLinkId: o.industryCarrierId,
      carrierId,
      status: o.status,
      vehicleNumber: o.vehicleNumber,
      driverName: o.driverName,
      pickupAt: o.pickupAt,
      gateOutAt: o.gateOutAt,
      deliveredAt: o.deliveredAt,
      stops: own,
      planned: plannedTimes(own, o.pickupAt, o.gateOutAt, lane?.hours ?? null),
      laneKmh: lane && lane.hours > 0 ? lane.km / lane.hours : null,
      tracking: t,
      last,
      open: events.filter((e) => e.orderId === o.id),
    });
  }
  return trips;
}

/** The order's reporting and arrival times (the schedule's actuals at the pickup and the last stop). */
export async function orderMilestones(db: DbOrTx, orderId: number) {
  const [order] = await db
    .select({ reportedAt: orders.reportedAt, arrivedAt: orders.arrivedAt })
    .from(orders)
    .where(eq(orders.id, orderId));
  return order;
}
