import { sql } from 'drizzle-orm';
import { POSITION_FUTURE_LIMIT_MINUTES } from '@freightdesk/shared/constants';
import type { Db } from '../../db/client.ts';
import type { POSITION_SOURCES } from '../../db/schema/tracking.ts';
import type { DecodedPosition, TimeWindow } from './osmand-decode.ts';
import type { PositionRow } from './position-store.ts';
import { createPositionWriter, type WriterOptions } from './position-writer.ts';

/** Where a device's positions go: the device, and the order of its active trip (if any). */
export type DeviceRoute = {
  deviceId: number;
  trackingId: number | null;
  orderId: number | null;
  industryId: number | null;
  requestType: number | null;
  plantId: number | null;
};

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;
type Waiter = { resolve: (route: DeviceRoute | null) => void; reject: (err: unknown) => void };
/** How long a device's route is remembered: a new assignment reaches the ingest within this. */
export const ROUTE_CACHE_MS = 3000;
const CACHE_LIMIT = 100_000;
const LAST_SEEN_FLUSH_MS = 30_000;

/**
 * Finds devices by the identifier they report with, remembered for a few seconds (every position
 * would otherwise cost a query; the routes that expire together are read in one). A lent GPS
 * lock of the admin's device screens that reports for the first time becomes its shipper's
 * tracking device.
 */
export function createDeviceResolver(db: Db) {
  const cache = new Map<string, { route: DeviceRoute | null; until: number }>();

  const routeOf = (row: Record<string, number | string | null>): DeviceRoute => ({
    deviceId: Number(row.device_id),
    trackingId: row.tracking_id ? Number(row.tracking_id) : null,
    orderId: row.order_id ? Number(row.order_id) : null,
    industryId: row.industry_id ? Number(row.industry_id) : null,
    requestType: row.request_type ? Number(row.request_type) : null,
    plantId: row.plant_id ? Number(row.plant_id) : null,
  });

  const lookupMany = async (identifiers: string[]): Promise<Map<string, DeviceRoute>> => {
    const rows = rowsOf<Record<string, number | string | null>>(
      await db.execute(sql`
        select d.identifier, d.id as device_id, t.id as tracking_id, t.order_id, o.industry_id, o.request_type, o.plant_id
        from tracking_devices d
        left join order_tracking t on t.device_id = d.id and t.stopped_at is null and t.method = 'device'
        left join orders o on o.id = t.order_id
        where d.identifier = any(${sql.param(identifiers)}::text[]) and d.status = 'active'`),
    );
    return new Map(rows.map((row) => [String(row.identifier), routeOf(row)]));
  };

  // The devices whose routes expired at about the same time (a burst of requests read in one
  // turn of the event loop) are looked up together, in one query on the next turn.
  let waiting: Map<string, Waiter[]> | null = null;
  const lookupTogether = async (batch: Map<string, Waiter[]>) => {
    try {
      const found = await lookupMany([...batch.keys()]);
      for (const [identifier, callers] of batch) {
        for (const c of callers) {
          c.resolve(found.get(identifier) ?? null);
        }
      }
    } catch (err) {
      for (const c of [...batch.values()].flat()) {
        c.reject(err);
      }
    }
  };
  const lookup = (identifier: string): Promise<DeviceRoute | null> =>
    new Promise((resolve, reject) => {
      if (!waiting) {
        const batch = new Map<string, Waiter[]>();
        waiting = batch;
        setImmediate(() => {
          waiting = null;
          void lookupTogether(batch);
        });
      }
      const callers = waiting.get(identifier) ?? [];
      callers.push({ resolve, reject });
      waiting.set(identifier, callers);
    });

  /** A lent lock (devices.serial) with a shipper becomes a tracking device of that shipper. */
  const adoptLent = async (identifier: string): Promise<boolean> => {
    const result = await db.execute(sql`
      insert into tracking_devices (identifier, kind, industry_id, platform_device_id, name)
      select ${identifier}, 'lent', d.industry_id, d.id, d.model
      from devices d
      where upper(d.serial) = upper(${identifier}) and d.industry_id is not null and d.state in ('with_shipper', 'on_order')
      on conflict do nothing
      returning id`);
    return rowsOf(result).length > 0;
  };

  return {
    /** The route remembered for the device, if still fresh (`undefined`: look it up with `resolve`). */
    cached(identifier: string, now = Date.now()): DeviceRoute | null | undefined {
      const hit = cache.get(identifier);
      return hit && hit.until > now ? hit.route : undefined;
    },
    async resolve(identifier: string, now = Date.now()): Promise<DeviceRoute | null> {
      const hit = cache.get(identifier);
      if (hit && hit.until > now) {
        return hit.route;
      }
      let route = await lookup(identifier);
      if (!route && (await adoptLent(identifier))) {
        route = await lookup(identifier);
      }
      if (cache.size >= CACHE_LIMIT) {
        cache.clear();
      }
      cache.set(identifier, { route, until: now + ROUTE_CACHE_MS });
      return route;
    },
    /** Forgets a device on this process at once (its assignment changed here). */
    forget(identifier?: string) {
      if (identifier === undefined) {
        cache.clear();
      } else {
        cache.delete(identifier);
      }
    },
  };
}

export type DeviceResolver = ReturnType<typeof createDeviceResolver>;

/** The fix times accepted now: from the retention's start to a few minutes ahead of the clock. */
export function timeWindow(retentionDays: number, now = new Date()): TimeWindow {
  return {
    now,
    oldest: new Date(now.getTime() - retentionDays * 86_400_000),
    newest: new Date(now.getTime() + POSITION_FUTURE_LIMIT_MINUTES * 60_000),
  };
}

/** A decoded device position as the row to store, routed to its device's trip. */
export function rowOf(p: DecodedPosition, route: DeviceRoute, source: (typeof POSITION_SOURCES)[number], receivedAt: Date): PositionRow {
  return {
    deviceId: route.deviceId,
    orderId: route.orderId,
    industryId: route.industryId,
    trackingId: route.trackingId,
    source,
    fixTime: p.fixTime,
    receivedAt,
    latitude: p.latitude,
    longitude: p.longitude,
    speedKmh: p.speedKmh,
    bearing: p.bearing,
    altitude: p.altitude,
    accuracy: p.accuracy,
    battery: p.battery,
    valid: p.valid,
    providerRef: null,
    placeName: null,
    attributes: Object.keys(p.attributes).length ? p.attributes : null,
    route: route.orderId && route.requestType && route.plantId ? { requestType: route.requestType, plantId: route.plantId } : null,
  };
}

/**
 * The ingest of one API process: the device resolver, the group-commit writer, and the devices'
 * last-seen times (written every 30 s, not with every position).
 */
export function createIngest(db: Db, opts: WriterOptions & { retentionDays: number }) {
  const resolver = createDeviceResolver(db);
  const writer = createPositionWriter(db, opts);
  const seen = new Map<number, Date>();
  const flushSeen = async () => {
    if (!seen.size) {
      return;
    }
    const entries = [...seen.entries()];
    seen.clear();
    await db.execute(sql`
      update tracking_devices d set last_seen_at = greatest(coalesce(d.last_seen_at, u.at), u.at)
      from unnest(${sql.param(entries.map(([id]) => id))}::int[], ${sql.param(entries.map(([, at]) => at.toISOString()))}::timestamptz[]) as u(id, at)
      where d.id = u.id`);
  };
  const timer = setInterval(() => void flushSeen().catch(() => undefined), LAST_SEEN_FLUSH_MS);
  timer.unref();
  return {
    resolver,
    writer,
    window: (now = new Date()) => timeWindow(opts.retentionDays, now),
    /** Stores a device's position; resolves after the commit. */
    accept(p: DecodedPosition, route: DeviceRoute, source: (typeof POSITION_SOURCES)[number], receivedAt = new Date()): Promise<void> {
      seen.set(route.deviceId, receivedAt);
      return writer.write(rowOf(p, route, source, receivedAt));
    },
    /** Writes the devices' last-seen times now (tests; the timer does it every 30 s). */
    flush: flushSeen,
    async close() {
      clearInterval(timer);
      await writer.drain();
      await flushSeen().catch(() => undefined);
    },
  };
}

export type Ingest = ReturnType<typeof createIngest>;
