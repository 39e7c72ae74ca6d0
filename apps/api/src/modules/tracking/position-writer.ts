import { sql } from 'drizzle-orm';
import { HALT_RADIUS_M } from '@freightdesk/shared/constants';
import type { Db, DbOrTx } from '../../db/client.ts';
import type { POSITION_SOURCES } from '../../db/schema/tracking.ts';
import { isDatabaseUnavailable, isStatementTimeout } from '../../lib/errors.ts';

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
  /** The order's direction and plant, for the live event's rooms (not stored). */
  route: { requestType: number; plantId: number } | null;
};

/** The live event of a committed position (NOTIFY `fd_tracking`, then Socket.IO rooms). */
export const TRACKING_CHANNEL = 'fd_tracking';

type Queued = { row: PositionRow; resolve: () => void; reject: (err: unknown) => void };
export type WriterOptions = {
  /** Rows per transaction at most. */
  maxBatch?: number;
  /** Transactions in flight at once (PGlite has one connection: 1). */
  concurrency?: number;
  /** Called after each commit with the rows it stored (geofences, events); errors are its own. */
  onCommitted?: (rows: PositionRow[]) => void;
};

/** A degree of latitude in km; the halt check's flat-earth distance is exact enough within 1 km. */
const KM_PER_DEGREE = 111.32;

/**
 * Stores positions by group commit: positions that arrive while a batch is written wait and go
 * together in the next one (one statement that commits by itself: the rows, the orders' last
 * positions, the NOTIFY), so a commit's disk flush is shared by hundreds of positions. `write`
 * resolves only once the database answered, after the commit, so an acknowledged position is
 * stored. A batch the database refuses for one bad row is re-run row by row, so only that row fails.
 */
export function createPositionWriter(db: Db, opts: WriterOptions = {}) {
  const maxBatch = opts.maxBatch ?? 2000;
  const concurrency = opts.concurrency ?? 1;
  const queue: Queued[] = [];
  let running = 0;

  const run = async () => {
    running++;
    try {
      while (queue.length) {
        // PGlite answers without yielding: give the HTTP server a turn to queue more first.
        await new Promise((resolve) => setImmediate(resolve));
        const batch = queue.splice(0, maxBatch);
        if (batch.length) {
          await commitBatch(batch);
        }
      }
    } finally {
      running--;
    }
  };

  const commitBatch = async (batch: Queued[]) => {
    try {
      await storePositions(
        db,
        batch.map((q) => q.row),
      );
    } catch (err) {
      // A database that is down or too slow (the statement timeout) fails the batch: its devices
      // send again. Only a refused row is worth finding by going row by row.
      if (isDatabaseUnavailable(err) || isStatementTimeout(err) || batch.length === 1) {
        for (const q of batch) {
          q.reject(err);
        }
        return;
      }
      for (const q of batch) {
        await commitBatch([q]);
      }
      return;
    }
    for (const q of batch) {
      q.resolve();
    }
    opts.onCommitted?.(batch.map((q) => q.row));
  };

  return {
    /** Resolves once the position is committed (or was already stored: same device and fix time). */
    write(row: PositionRow): Promise<void> {
      return new Promise<void>((resolve, reject) => {
        queue.push({ row, resolve, reject });
        if (running < concurrency) {
          void run();
        }
      });
    },
    /** Waits until nothing is queued or in flight (tests, shutdown). */
    async drain(): Promise<void> {
      while (queue.length || running) {
        await new Promise((resolve) => setTimeout(resolve, 5));
      }
    },
  };
}

export type PositionWriter = ReturnType<typeof createPositionWriter>;

/**
 * A column of the batch as one PostgreSQL array parameter, written as the array's text here:
 * numbers and booleans as they are, text quoted. node-postgres would quote and escape every
 * element with two regular expressions, numbers included (a few µs of the one event loop per
 * position, at thousands of positions a second).
 */
const param = (values: unknown[], type: string) => sql`${sql.param(arrayLiteral(values))}::${sql.raw(type)}[]`;

/** `{1,NULL,"a \"b\""}`: the text form of a one-dimensional PostgreSQL array. */
export function arrayLiteral(values: unknown[]): string {
  let out = '{';
  for (let i = 0; i < values.length; i++) {
    const v = values[i];
    if (i > 0) {
      out += ',';
    }
    if (v === null || v === undefined) {
      out += 'NULL';
    } else if (typeof v === 'number') {
      if (!Number.isFinite(v)) {
        throw new TypeError(`not a finite number: ${v}`);
      }
      out += String(v);
    } else if (typeof v === 'boolean') {
      out += v ? 't' : 'f';
    } else {
      out += `"${String(v).replace(/[\\"]/g, '\\$&')}"`;
    }
  }
  return `${out}}`;
}

/**
 * One batch in one statement: the positions (a duplicate of a device's fix time, or of a
 * provider's read, is skipped), each order's last position (only forwards in time), the newest
 * report without a fix, the trip's start, and the live event. Outside a transaction it commits by
 * itself, so a batch costs one round trip (it cost 6 to 20 as separate statements in a
 * transaction, and each waited on a busy event loop and a busy database; see docs/benchmarks.md).
 */
export async function storePositions(db: DbOrTx, rows: PositionRow[]): Promise<void> {
  const col = <K extends keyof PositionRow>(key: K) => rows.map((r) => r[key]);
  const iso = (key: 'fixTime' | 'receivedAt') => rows.map((r) => r[key].toISOString());
  const latest = latestPerOrder(rows);
  const signals = newestSignalPerOrder(rows);
  // A statement must not update a row twice: an order whose last position moves takes its newest
  // report without a fix into that update's signal time; the others' signal times are updated on
  // their own (`signalled`, which leaves out the orders `moved` returned).
  const signalOf = new Map(signals.map((s) => [s.orderId, s.at]));
  const signalAt = latest.map((r) => {
    const other = signalOf.get(r.orderId ?? 0);
    return other && other > r.fixTime ? other : r.fixTime;
  });
  const trackingIds = [...new Set(rows.flatMap((r) => (r.trackingId ? [r.trackingId] : [])))];
  const lat = <K extends keyof PositionRow>(key: K) => latest.map((r) => r[key]);
  const radiusKm = HALT_RADIUS_M / 1000;
  // Moved: further than the halt radius from the anchor, which then moves to this position.
  const moved = sql.raw(`((${KM_PER_DEGREE} * (excluded.latitude - t.anchor_latitude)) ^ 2
    + (${KM_PER_DEGREE} * cos(radians(t.anchor_latitude)) * (excluded.longitude - t.anchor_longitude)) ^ 2 > ${radiusKm ** 2})`);
  // Data-modifying CTEs all run to completion, read or not; `moved` is read by what follows it.
  await db.execute(sql`
    with started as (
      update order_tracking set started_at = now(), updated_at = now()
      where id = any(${param(trackingIds, 'int')}) and started_at is null
    ), stored as (
      insert into positions (device_id, order_id, industry_id, source, fix_time, received_at, latitude, longitude,
        speed_kmh, bearing, altitude, accuracy, battery, valid, provider_ref, place_name, attributes)
      select d, o, i, s, f, r, la, lo, sp, b, al, ac, ba, v, pr, pn, at::jsonb
      from unnest(${param(col('deviceId'), 'int')}, ${param(col('orderId'), 'int')}, ${param(col('industryId'), 'int')},
        ${param(col('source'), 'text')}, ${param(iso('fixTime'), 'timestamptz')}, ${param(iso('receivedAt'), 'timestamptz')},
        ${param(col('latitude'), 'float8')}, ${param(col('longitude'), 'float8')}, ${param(col('speedKmh'), 'float4')},
        ${param(col('bearing'), 'float4')}, ${param(col('altitude'), 'float4')}, ${param(col('accuracy'), 'float4')},
        ${param(col('battery'), 'float4')}, ${param(col('valid'), 'bool')}, ${param(col('providerRef'), 'text')},
        ${param(col('placeName'), 'text')}, ${param(
          rows.map((r) => (r.attributes && Object.keys(r.attributes).length ? JSON.stringify(r.attributes) : null)),
          'text',
        )}) as u(d, o, i, s, f, r, la, lo, sp, b, al, ac, ba, v, pr, pn, at)
      on conflict do nothing
    ), latest as (
      select * from unnest(${param(lat('orderId'), 'int')}, ${param(lat('industryId'), 'int')}, ${param(lat('deviceId'), 'int')},
        ${param(lat('source'), 'text')}, ${param(
          latest.map((r) => r.fixTime.toISOString()),
          'timestamptz',
        )}, ${param(lat('latitude'), 'float8')},
        ${param(lat('longitude'), 'float8')}, ${param(lat('speedKmh'), 'float4')}, ${param(lat('bearing'), 'float4')},
        ${param(lat('battery'), 'float4')}, ${param(lat('placeName'), 'text')}, ${param(
          signalAt.map((d) => d.toISOString()),
          'timestamptz',
        )}, ${param(latest.map(announcement), 'text')}) as u(o, i, d, s, f, la, lo, sp, b, ba, pn, sg, item)
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
        anchor_latitude = case when ${moved} then excluded.latitude else t.anchor_latitude end,
        anchor_longitude = case when ${moved} then excluded.longitude else t.anchor_longitude end,
        anchor_at = case when ${moved} then excluded.fix_time else t.anchor_at end,
        updated_at = now()
      where excluded.fix_time > t.fix_time
      returning order_id
    ), signalled as (
      update tracking_last_positions t set signal_at = greatest(t.signal_at, u.at)
      from unnest(${param(
        signals.map((s) => s.orderId),
        'int',
      )}, ${param(
        signals.map((s) => s.at.toISOString()),
        'timestamptz',
      )}) as u(o, at)
      where t.order_id = u.o and not exists (select 1 from moved m where m.order_id = u.o)
    ), announced as (
      select l.o, l.item, (row_number() over (order by l.o) - 1) / ${ANNOUNCE_CHUNK} as chunk
      from latest l join moved m on m.order_id = l.o
    )
    select pg_notify(${TRACKING_CHANNEL}, '[' || string_agg(item, ',' order by o) || ']') from announced group by chunk`);
}

/** Per order, its located position with the latest fix time in the batch (a late one never wins later). */
function latestPerOrder(rows: PositionRow[]): PositionRow[] {
  const best = new Map<number, PositionRow>();
  for (const r of rows) {
    if (r.orderId && r.industryId && r.latitude !== null && r.longitude !== null) {
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
    if (r.orderId && r.latitude === null) {
      const seen = newest.get(r.orderId);
      newest.set(r.orderId, seen && seen > r.fixTime ? seen : r.fixTime);
    }
  }
  return [...newest.entries()].sort((a, b) => a[0] - b[0]).map(([orderId, at]) => ({ orderId, at }));
}

/** NOTIFY payloads stop at 8000 bytes: 60 positions of ~100 bytes each per announcement. */
const ANNOUNCE_CHUNK = 60;

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
