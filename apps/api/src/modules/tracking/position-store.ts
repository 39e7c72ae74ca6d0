import { HALT_RADIUS_M } from '@freightdesk/shared/constants';
import type { Db } from '../../db/client.ts';
import type { POSITION_SOURCES } from '../../db/schema/tracking.ts';
import { type ArrayColumn, arrayColumns, arrayLiteral } from '../../lib/pg-array.ts';
import { runNamed } from '../../repositories/common/prepared.ts';

/** One position as stored (every source: OsmAnd, Traccar, the provider adapters). */
export type PositionRow = {
  deviceId: number | null;
  orderId: number | null;
  industryId: number | null;
  /** The order's tracking row: its trip starts with the first position. */
  trackingId: number | null;
  source: (typeof POSITION_SOURCES)[number];
  fixTime: Date;
  receivedAt: Date;
  latitude: number | null;
  longitude: number | null;
  speedKmh: number | null;
  bearing: number | null;
  altitude: number | null;
  accuracy: number | null;
  battery: number | null;
  valid: boolean;
  providerRef: string | null;
  placeName: string | null;
  attributes: Record<string, unknown> | null;
  /** The filter that stopped it: stored, used for nothing (no last position, geofence, alert or trail). */
  filtered: string | null;
  /** The order's direction and plant, for the live event's rooms (not stored). */
  route: { requestType: number; plantId: number } | null;
};

/** The live event of a committed position (NOTIFY `fd_tracking`, then Socket.IO rooms). */
export const TRACKING_CHANNEL = 'fd_tracking';

/** A degree of latitude in km; the halt check's flat-earth distance is exact enough within 1 km. */
const KM_PER_DEGREE = 111.32;

/** The stored columns of a position, in the insert's order. */
const STORED: ArrayColumn<PositionRow>[] = [
  [(r) => r.deviceId, 'number'],
  [(r) => r.orderId, 'number'],
  [(r) => r.industryId, 'number'],
  [(r) => r.source, 'text'],
  [(r) => r.fixTime, 'time'],
  [(r) => r.receivedAt, 'time'],
  [(r) => r.latitude, 'number'],
  [(r) => r.longitude, 'number'],
  [(r) => r.speedKmh, 'number'],
  [(r) => r.bearing, 'number'],
  [(r) => r.altitude, 'number'],
  [(r) => r.accuracy, 'number'],
  [(r) => r.battery, 'number'],
  [(r) => r.valid, 'bool'],
  [(r) => r.providerRef, 'text'],
  [(r) => r.placeName, 'text'],
  [(r) => (r.attributes && Object.keys(r.attributes).length ? JSON.stringify(r.attributes) : null), 'text'],
  [(r) => r.filtered, 'text'],
];
const STORED_TYPES = [
  'int',
  'int',
  'int',
  'text',
  'float8',
  'float8',
  'float8',
  'float8',
  'float4',
  'float4',
  'float4',
  'float4',
  'float4',
  'bool',
  'text',
  'text',
  'text',
  'text',
];

/** An order's newest position of the batch, with the signal time its last position takes. */
type Latest = { row: PositionRow; signalAt: Date };
const LATEST: ArrayColumn<Latest>[] = [
  [(l) => l.row.orderId, 'number'],
  [(l) => l.row.industryId, 'number'],
  [(l) => l.row.deviceId, 'number'],
  [(l) => l.row.source, 'text'],
  [(l) => l.row.fixTime, 'time'],
  [(l) => l.row.latitude, 'number'],
  [(l) => l.row.longitude, 'number'],
  [(l) => l.row.speedKmh, 'number'],
  [(l) => l.row.bearing, 'number'],
  [(l) => l.row.battery, 'number'],
  [(l) => l.row.placeName, 'text'],
  [(l) => l.signalAt, 'time'],
  [(l) => announcement(l.row), 'text'],
];
const SIGNALS: ArrayColumn<{ orderId: number; at: Date }>[] = [
  [(s) => s.orderId, 'number'],
  [(s) => s.at, 'time'],
];
const LATEST_TYPES = ['int', 'int', 'int', 'text', 'float8', 'float8', 'float8', 'float4', 'float4', 'float4', 'text', 'float8', 'text'];

/**
 * One batch in one statement: the positions (a duplicate of a device's fix time, or of a
 * provider's read, is skipped), each order's last position (only forwards in time), the newest
 * report without a fix, the trip's start, and the live event. Outside a transaction it commits by
 * itself, so a batch costs one round trip (it cost 6 to 20 as separate statements in a
 * transaction, and each waited on a busy event loop and a busy database; see docs/benchmarks.md).
 */
/** NOTIFY payloads stop at 8000 bytes: 60 positions of ~100 bytes each per announcement. */
const ANNOUNCE_CHUNK = 60;

/** `$first::type[], …`: the placeholders of a list of array columns. */
const placeholders = (first: number, types: string[]) => types.map((type, i) => `$${first + i}::${type}[]`).join(', ');
const radiusKm = HALT_RADIUS_M / 1000;
// Moved: further than the halt radius from the anchor, which then moves to this position.
const MOVED = `((${KM_PER_DEGREE} * (excluded.latitude - t.anchor_latitude)) ^ 2
    + (${KM_PER_DEGREE} * cos(radians(t.anchor_latitude)) * (excluded.longitude - t.anchor_longitude)) ^ 2 > ${radiusKm ** 2})`;
const LATEST_AT = 2 + STORED_TYPES.length;
const SIGNALS_AT = LATEST_AT + LATEST_TYPES.length;

/**
 * The batch statement: its text never changes (every value is an array parameter), so each
 * PostgreSQL connection parses and plans it once (`runNamed`). Data-modifying CTEs all run to
 * completion, read or not; `moved` is read by what follows it.
 */
const STORE = `
    with started as (
      update order_tracking set started_at = now(), updated_at = now()
      where id = any($1::int[]) and started_at is null
    ), stored as (
      insert into positions (device_id, order_id, industry_id, source, fix_time, received_at, latitude, longitude,
        speed_kmh, bearing, altitude, accuracy, battery, valid, provider_ref, place_name, attributes, filtered)
      select d, o, i, s, to_timestamp(f / 1000.0), to_timestamp(r / 1000.0), la, lo, sp, b, al, ac, ba, v, pr, pn, at::jsonb, fl
      from unnest(${placeholders(2, STORED_TYPES)}) as u(d, o, i, s, f, r, la, lo, sp, b, al, ac, ba, v, pr, pn, at, fl)
      on conflict do nothing
    ), latest as (
      select o, i, d, s, to_timestamp(f / 1000.0) as f, la, lo, sp, b, ba, pn, to_timestamp(sg / 1000.0) as sg, item
      from unnest(${placeholders(LATEST_AT, LATEST_TYPES)}) as u(o, i, d, s, f, la, lo, sp, b, ba, pn, sg, item)
    ), moved as (
      insert into tracking_last_positions as t (order_id, industry_id, device_id, source, fix_time, latitude, longitude,
        speed_kmh, bearing, battery, place_name, signal_at, anchor_latitude, anchor_longitude, anchor_at)
      select o, i, d, s, f, la, lo, sp, b, ba, pn, sg, la, lo, f from latest
      order by o
      on conflict (order_id) do update set
        device_id = excluded.device_id, source = excluded.source, fix_time = excluded.fix_time,
        latitude = excluded.latitude, longitude = excluded.longitude, speed_kmh = excluded.speed_kmh,
        bearing = excluded.bearing, battery = excluded.battery, place_name = excluded.place_name,
        signal_at = greatest(t.signal_at, excluded.signal_at),
        anchor_latitude = case when ${MOVED} then excluded.latitude else t.anchor_latitude end,
        anchor_longitude = case when ${MOVED} then excluded.longitude else t.anchor_longitude end,
        anchor_at = case when ${MOVED} then excluded.fix_time else t.anchor_at end,
        updated_at = now()
      where excluded.fix_time > t.fix_time
      returning order_id
    ), signalled as (
      update tracking_last_positions t set signal_at = greatest(t.signal_at, to_timestamp(u.at / 1000.0))
      from unnest(${placeholders(SIGNALS_AT, ['int', 'float8'])}) as u(o, at)
      where t.order_id = u.o and not exists (select 1 from moved m where m.order_id = u.o)
    ), announced as (
      select l.o, l.item, (row_number() over (order by l.o) - 1) / ${ANNOUNCE_CHUNK} as chunk
      from latest l join moved m on m.order_id = l.o
    )
    select pg_notify('${TRACKING_CHANNEL}', '[' || string_agg(item, ',' order by o) || ']') from announced group by chunk`;

/**
 * One batch in one statement: the positions (a duplicate of a device's fix time, or of a
 * provider's read, is skipped), each order's last position (only forwards in time), the newest
 * report without a fix, the trip's start, and the live event. Outside a transaction it commits by
 * itself, so a batch costs one round trip (it cost 6 to 20 as separate statements in a
 * transaction, and each waited on a busy event loop and a busy database; see docs/benchmarks.md).
 * `started` names trips known to have started already: their start is not looked for again.
 */
export async function storePositions(db: Db, rows: PositionRow[], started?: ReadonlySet<number>): Promise<void> {
  const signals = newestSignalPerOrder(rows);
  // A statement must not update a row twice: an order whose last position moves takes its newest
  // report without a fix into that update's signal time; the others' signal times are updated on
  // their own (`signalled`, which leaves out the orders `moved` returned).
  const signalOf = new Map(signals.map((s) => [s.orderId, s.at]));
  const latest: Latest[] = latestPerOrder(rows).map((row) => {
    const other = signalOf.get(row.orderId ?? 0);
    return { row, signalAt: other && other > row.fixTime ? other : row.fixTime };
  });
  await runNamed(db, 'fd_store_positions', STORE, [
    arrayLiteral(startingTrips(rows, started)),
    ...arrayColumns(rows, STORED),
    ...arrayColumns(latest, LATEST),
    ...arrayColumns(signals, SIGNALS),
  ]);
}

/** The batch's trips, less those known to have started. */
export function startingTrips(rows: PositionRow[], started?: ReadonlySet<number>): number[] {
  const ids = new Set<number>();
  for (const r of rows) {
    if (r.trackingId && !started?.has(r.trackingId)) {
      ids.add(r.trackingId);
    }
  }
  return [...ids];
}

/** Per order, its located position with the latest fix time in the batch (a late one never wins later). */
function latestPerOrder(rows: PositionRow[]): PositionRow[] {
  const best = new Map<number, PositionRow>();
  for (const r of rows) {
    if (r.orderId && r.industryId && r.latitude !== null && r.longitude !== null && !r.filtered) {
      const seen = best.get(r.orderId);
      if (!seen || seen.fixTime < r.fixTime) {
        best.set(r.orderId, r);
      }
    }
  }
  // Locked in one order, so two batches touching the same orders never deadlock.
  return [...best.values()].sort((a, b) => (a.orderId ?? 0) - (b.orderId ?? 0));
}

function newestSignalPerOrder(rows: PositionRow[]): { orderId: number; at: Date }[] {
  const newest = new Map<number, Date>();
  for (const r of rows) {
    if (r.orderId && r.latitude === null && !r.filtered) {
      const seen = newest.get(r.orderId);
      newest.set(r.orderId, seen && seen > r.fixTime ? seen : r.fixTime);
    }
  }
  return [...newest.entries()].sort((a, b) => a[0] - b[0]).map(([orderId, at]) => ({ orderId, at }));
}

/**
 * A committed last position as the live event carries it, compact:
 * `[orderId, industryId, requestType, plantId, lat, lng, fixTime ms, km/h]`.
 */
export type AnnouncedPosition = [number, number, number, number, number, number, number, number | null];

/** A position's item in the live event's JSON array. */
function announcement(r: PositionRow): string {
  const item: AnnouncedPosition = [
    r.orderId ?? 0,
    r.industryId ?? 0,
    r.route?.requestType ?? 0,
    r.route?.plantId ?? 0,
    r.latitude ?? 0,
    r.longitude ?? 0,
    r.fixTime.getTime(),
    r.speedKmh === null ? null : Math.round(r.speedKmh * 10) / 10,
  ];
  return JSON.stringify(item);
}
