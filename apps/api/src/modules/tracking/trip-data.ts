import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { orderStops } from '../../db/schema/execution.ts';
import { orders } from '../../db/schema/orders.ts';
import { industryCarriers } from '../../db/schema/tenancy.ts';
import { orderTracking, trackingEvents, trackingLastPositions } from '../../db/schema/tracking.ts';
import { plannedTimes, type TripStop } from './trip.ts';
import { rowsOf } from '../../db/rows.ts';

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

/** The route master of each order's lane: same plant, its last destination the order's last drop-off. */
async function laneTransit(db: DbOrTx, ids: number[]): Promise<Map<number, { hours: number; km: number }>> {
  const rows = rowsOf<{ order_id: number; transit_hours: number; distance_km: number }>(
    await db.execute(sql`
      select distinct on (o.id) o.id as order_id, rm.transit_hours, rm.distance_km
      from orders o
      join order_stops s on s.order_id = o.id and s.kind = 'drop' and s.stop_id is not null
        and s.seq = (select max(seq) from order_stops x where x.order_id = o.id)
      join route_masters rm on rm.industry_id = o.industry_id and rm.origin_plant_id = o.plant_id and rm.status = 'active'
      join route_points rp on rp.route_id = rm.id and rp.role = 'destination' and rp.stop_id = s.stop_id
      where o.id = any(${sql.param(ids)}::int[])
      order by o.id, rm.id desc`),
  );
  return new Map(rows.map((r) => [Number(r.order_id), { hours: Number(r.transit_hours), km: Number(r.distance_km) }]));
}

/** Loads the trips of these orders (missing ids are left out). */
export async function loadTrips(db: DbOrTx, ids: number[]): Promise<Map<number, Trip>> {
  const trips = new Map<number, Trip>();
  if (!ids.length) {
    return trips;
  }
  const [base, stops, lanes, events] = await Promise.all([
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
