import { and, asc, count, desc, eq, gte, isNull, or, type SQL, sql } from 'drizzle-orm';
import type { PositionSource } from '@freightdesk/shared/schemas/tracking';
import type { DbOrTx } from '../db/client.ts';
import { rowsOf } from '../db/rows.ts';
import { positions } from '../db/schema/tracking.ts';
import { tripStart } from '../modules/tracking/trail.ts';
import type { Trip } from './tracking-trips.repository.ts';

/**
 * The statements of a trip's stored positions (issue 32). Every trail read chooses its rows with
 * `onTrail`; a trip is reached only after its order was found in the viewer's scope
 * (tracking-trips.repository.ts), so these take the trip, never a viewer.
 */

type TrailTrip = Pick<Trip, 'id' | 'requestType' | 'gateOutAt' | 'tracking'>;

/**
 * The one rule of which stored positions are on a trip's trail, as a condition on `positions`:
 * the order's, kept in use (a filtered position is no place the vehicle was), and none from
 * before the trip began (trail.ts). A rail report is the trip's whenever it was made: FOIS reports by the
 * consignment's FNR, and a rake may have left before its FNR was entered here. Every trail read
 * (the shipper's and carrier's track, the places list, the schedule map, the tolls and rail
 * lists, the public link) chooses its rows with it.
 */
export function onTrail(trip: TrailTrip): SQL {
  const start = tripStart(trip);
  const inTrip = start ? or(eq(positions.source, 'rail'), gte(positions.fixTime, start)) : undefined;
  return and(eq(positions.orderId, trip.id), isNull(positions.filtered), inTrip) as SQL;
}

/** The trail's located positions in time order: every `step`-th row by number, plus the last (the database thins). */
export const trailStatement = (trip: TrailTrip, most: number): SQL => sql`
      select lat, lng, at from (
        select latitude as lat, longitude as lng, fix_time as at, row_number() over (order by fix_time) as rn, count(*) over () as n
        from positions where ${onTrail(trip)} and latitude is not null
      ) x where n <= ${most} or rn % ceil(n::float / ${most})::int = 1 or rn = n
      order by at`;

export async function trailRows(db: DbOrTx, trip: TrailTrip, most: number) {
  return rowsOf<{ lat: number; lng: number; at: Date | string }>(await db.execute(trailStatement(trip, most)));
}

/** The trail's positions, newest first, one page (`source` narrows), and how many there are. */
export async function trailPage(db: DbOrTx, trip: TrailTrip, source: PositionSource | undefined, limit: number, offset: number) {
  const where = and(onTrail(trip), source ? eq(positions.source, source) : undefined);
  const [rows, [total]] = await Promise.all([
    db.select().from(positions).where(where).orderBy(desc(positions.fixTime), desc(positions.id)).limit(limit).offset(offset),
    db.select({ n: count() }).from(positions).where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}

/** The trip's reads of one provider on its trail, in read order (`asc`) or newest first. */
export async function providerReads(db: DbOrTx, trip: TrailTrip, source: 'fastag' | 'rail', order: 'asc' | 'desc', most: number) {
  return db
    .select()
    .from(positions)
    .where(and(onTrail(trip), eq(positions.source, source)))
    .orderBy(order === 'asc' ? asc(positions.fixTime) : desc(positions.fixTime))
    .limit(most);
}

/** The toll plazas crossed, as the public page lists them (at most 200). */
export async function tollCrossings(db: DbOrTx, trip: TrailTrip) {
  return db
    .select({ plaza: positions.placeName, readAt: positions.fixTime })
    .from(positions)
    .where(and(onTrail(trip), eq(positions.source, 'fastag')))
    .orderBy(asc(positions.fixTime))
    .limit(200);
}

type Located = { latitude: number; longitude: number; fix_time: Date | string };

/** The order's positions in use since `since` (oldest first), or up to `until` (newest first), at most `most`. */
export const locatedStatement = (orderId: number, bound: { since: Date } | { until: Date }, most: number): SQL =>
  'since' in bound
    ? sql`select latitude, longitude, fix_time from positions
      where order_id = ${orderId} and filtered is null and latitude is not null and fix_time >= ${bound.since.toISOString()}::timestamptz
      order by fix_time limit ${most}`
    : sql`select latitude, longitude, fix_time from positions
      where order_id = ${orderId} and filtered is null and latitude is not null and fix_time <= ${bound.until.toISOString()}::timestamptz
      order by fix_time desc limit ${most}`;

export async function locatedPositions(db: DbOrTx, orderId: number, bound: { since: Date } | { until: Date }, most: number) {
  const rows = rowsOf<Located>(await db.execute(locatedStatement(orderId, bound, most)));
  return rows.map((r) => ({ latitude: Number(r.latitude), longitude: Number(r.longitude), at: new Date(r.fix_time) }));
}

/** The newest report since `since` (with or without a fix) of each of these orders. */
export async function newestReports(db: DbOrTx, ids: number[], since: Date): Promise<Map<number, Date>> {
  const rows = rowsOf<{ order_id: number; at: Date | string }>(
    await db.execute(sql`select order_id, max(fix_time) as at from positions
      where order_id = any(${sql.param(ids)}::int[]) and filtered is null and fix_time >= ${since.toISOString()}::timestamptz group by order_id`),
  );
  return new Map(rows.map((r) => [Number(r.order_id), new Date(r.at)]));
}

/** The first located fix since `since` of each of these orders. */
export async function firstFixesSince(db: DbOrTx, ids: number[], since: Date) {
  const rows = rowsOf<{ order_id: number; lat: number; lng: number; at: Date | string }>(
    await db.execute(sql`
      select t.order_id, p.latitude as lat, p.longitude as lng, p.fix_time as at
      from unnest(${sql.param(ids)}::int[]) as t(order_id)
      join lateral (select latitude, longitude, fix_time from positions
        where order_id = t.order_id and latitude is not null and filtered is null and fix_time >= ${since.toISOString()}::timestamptz
        order by fix_time limit 1) p on true`),
  );
  return new Map(rows.map((r) => [Number(r.order_id), { latitude: Number(r.lat), longitude: Number(r.lng), at: new Date(r.at) }]));
}
