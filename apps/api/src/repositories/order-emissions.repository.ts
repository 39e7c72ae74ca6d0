import { eq, type SQL, sql } from 'drizzle-orm';
import type { EmissionFigure } from '@freightdesk/shared/schemas/emissions';
import type { DbOrTx } from '../db/client.ts';
import { rowsOf } from '../db/rows.ts';
import { orderEmissions } from '../db/schema/emissions.ts';
import { laneTransitStatement } from './tracking-trips.repository.ts';

/**
 * What an order's emissions are computed from (issue 37): its load, vehicle, tracking method, stops,
 * its lane's route master distance and the distance its accepted positions tracked; its stored
 * figure; the finished orders still without one. The viewer's reach is checked before these reads
 * (`orderIdInReach`, the policy's order rule); the job reads them for every company.
 */

export type EmissionInputRow = {
  id: number;
  industry_id: number;
  carrier_id: number;
  plant_id: number;
  request_type: number;
  lane: string;
  status: string;
  weight_tonnes: number | null;
  pickup_day: string;
  capacity_tonnes: number;
  fuel: 'diesel' | 'cng';
  method: string | null;
};
export type StopPoint = { order_id: number; latitude: number | null; longitude: number | null };

/** Statuses of a load whose trip has ended: its figure is final. */
export const FINISHED_STATUSES = ['arrived', 'delivered', 'closed'] as const;

export const emissionInputsStatement = (ids: number[]): SQL => sql`
  select o.id, o.industry_id, o.carrier_id, o.plant_id, o.request_type, o.lane, o.status, o.weight_tonnes,
    to_char(o.pickup_at at time zone 'Asia/Kolkata', 'YYYY-MM-DD') as pickup_day,
    vt.capacity_tonnes, vt.fuel, ot.method
  from orders o
  join vehicle_types vt on vt.id = o.vehicle_type_id
  left join order_tracking ot on ot.order_id = o.id
  where o.id = any(${sql.param(ids)}::int[])`;

export const stopPointsStatement = (ids: number[]): SQL => sql`
  select order_id, latitude, longitude from order_stops
  where order_id = any(${sql.param(ids)}::int[])
  order by order_id, seq`;

/**
 * The km each order's accepted positions (no filter stopped them, the fix valid) cover, hop by
 * hop along the great circle in time order, and how many positions there were.
 */
export const trackedKmStatement = (ids: number[]): SQL => sql`
  select order_id, count(*) + 1 as fixes,
    coalesce(sum(2 * 6371.0088 * asin(least(1, sqrt(
      power(sin(radians(lat - prev_lat) / 2), 2)
      + cos(radians(prev_lat)) * cos(radians(lat)) * power(sin(radians(lng - prev_lng) / 2), 2))))), 0) as km
  from (
    select order_id, latitude as lat, longitude as lng,
      lag(latitude) over w as prev_lat, lag(longitude) over w as prev_lng
    from positions
    where order_id = any(${sql.param(ids)}::int[]) and filtered is null and valid and latitude is not null and longitude is not null
    window w as (partition by order_id order by fix_time)
  ) hops
  where prev_lat is not null
  group by order_id`;

export type EmissionInputs = {
  orders: EmissionInputRow[];
  stops: StopPoint[];
  laneKm: Map<number, number>;
  tracked: Map<number, { km: number; fixes: number }>;
};

/** Everything the figures of these orders are computed from, read together. */
export async function emissionInputs(db: DbOrTx, ids: number[]): Promise<EmissionInputs> {
  const [o, s, lanes, tracked] = await Promise.all([
    db.execute(emissionInputsStatement(ids)),
    db.execute(stopPointsStatement(ids)),
    db.execute(laneTransitStatement(ids)),
    db.execute(trackedKmStatement(ids)),
  ]);
  const num = (v: unknown) => (v === null || v === undefined ? null : Number(v));
  return {
    orders: rowsOf<EmissionInputRow>(o).map((r) => ({
      ...r,
      id: Number(r.id),
      industry_id: Number(r.industry_id),
      carrier_id: Number(r.carrier_id),
      plant_id: Number(r.plant_id),
      request_type: Number(r.request_type),
      weight_tonnes: num(r.weight_tonnes),
      capacity_tonnes: Number(r.capacity_tonnes),
    })),
    stops: rowsOf<StopPoint>(s).map((r) => ({ order_id: Number(r.order_id), latitude: num(r.latitude), longitude: num(r.longitude) })),
    laneKm: new Map(rowsOf<{ order_id: number; distance_km: number }>(lanes).map((r) => [Number(r.order_id), Number(r.distance_km)])),
    tracked: new Map(
      rowsOf<{ order_id: number; km: number; fixes: number }>(tracked).map((r) => [
        Number(r.order_id),
        { km: Number(r.km), fixes: Number(r.fixes) },
      ]),
    ),
  };
}

/** The stored figure of a finished load (or why it has none); undefined before the job reached it. */
export async function storedFigure(
  db: DbOrTx,
  orderId: number,
): Promise<{ figure: EmissionFigure | null; unavailable: string | null } | undefined> {
  const [row] = await db
    .select({ figure: orderEmissions.figure, unavailable: orderEmissions.unavailable })
    .from(orderEmissions)
    .where(eq(orderEmissions.orderId, orderId));
  return row;
}

/** Finished orders with a weight and no figure yet, oldest first. */
export const unfiguredStatement = (limit: number): SQL => sql`
  select o.id from orders o
  where o.status in ('arrived', 'delivered', 'closed') and o.weight_tonnes is not null
    and not exists (select 1 from order_emissions e where e.order_id = o.id)
  order by o.id
  limit ${limit}`;

export async function unfiguredOrders(db: DbOrTx, limit: number): Promise<number[]> {
  return rowsOf<{ id: number }>(await db.execute(unfiguredStatement(limit))).map((r) => Number(r.id));
}

export type StoredFigure = { order: EmissionInputRow; figure: EmissionFigure | null; unavailable: string | null };

/** Stores figures, or why a finished load has none (a figure already stored stays as it is). */
export async function insertFigures(db: DbOrTx, figures: StoredFigure[]): Promise<void> {
  if (!figures.length) {
    return;
  }
  const rows = figures.map(({ order: o, figure, unavailable }) => ({
    orderId: o.id,
    industryId: o.industry_id,
    carrierId: o.carrier_id,
    plantId: o.plant_id,
    requestType: o.request_type,
    lane: o.lane,
    month: `${o.pickup_day.slice(0, 7)}-01`,
    mode: figure?.mode ?? null,
    wtwKg: figure?.wtwKg ?? null,
    tonneKm: figure?.tonneKm ?? null,
    distanceKm: figure?.distanceKm ?? null,
    factorVersionId: figure?.factorVersion.id ?? null,
    figure,
    unavailable,
  }));
  await db.insert(orderEmissions).values(rows).onConflictDoNothing();
}
