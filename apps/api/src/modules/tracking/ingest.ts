import { sql } from 'drizzle-orm';
import type { PositionFilter, PositionOutcome } from '@freightdesk/shared/schemas/tracking-devices';
import type { PositionFilterSettings } from '../../config-tracking.ts';
import type { Db } from '../../db/client.ts';
import type { POSITION_SOURCES } from '../../db/schema/tracking.ts';
import { createDeviceResolver, type DeviceRoute } from './device-resolver.ts';
import type { DecodedPosition } from './osmand-decode.ts';
import { type Channel, type Fix, filterPosition, isKept } from './position-filters.ts';
import type { PositionRow } from './position-store.ts';
import { createPositionWriter, type WriterOptions } from './position-writer.ts';

export type { DeviceRoute } from './device-resolver.ts';

const FLUSH_MS = 30_000;
/** Devices whose last fix this process remembers at most (forgetting costs only the database's anchor). */
const LAST_FIX_LIMIT = 100_000;

/** A decoded device position as the row to store, routed to its device's trip (`filtered`: kept, used for nothing). */
export function rowOf(
  p: DecodedPosition,
  route: DeviceRoute,
  source: (typeof POSITION_SOURCES)[number],
  receivedAt: Date,
  filtered: PositionFilter | null = null,
): PositionRow {
  return {
    deviceId: route.deviceId,
    orderId: route.orderId,
    industryId: route.industryId,
    trackingId: filtered ? null : route.trackingId,
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
    filtered,
    route: route.orderId && route.requestType && route.plantId ? { requestType: route.requestType, plantId: route.plantId } : null,
  };
}

/**
 * What each device's positions came to (accepted, or the filter that stopped them) and when it was
 * last heard, counted in memory and added to the database every 30 s: the device's health.
 */
function createDeviceCounts(db: Db) {
  let counts = new Map<string, { deviceId: number; reason: PositionOutcome; n: number; at: Date }>();
  let seen = new Map<number, Date>();
  return {
    count(deviceId: number, reason: PositionOutcome, at: Date) {
      const key = `${deviceId}:${reason}`;
      const c = counts.get(key);
      if (c) {
        c.n++;
        c.at = at;
      } else {
        counts.set(key, { deviceId, reason, n: 1, at });
      }
      seen.set(deviceId, at);
    },
    async flush() {
      const rows = [...counts.values()];
      const heard = [...seen.entries()];
      counts = new Map();
      seen = new Map();
      if (heard.length) {
        await db.execute(sql`
          update tracking_devices d set last_seen_at = greatest(coalesce(d.last_seen_at, u.at), u.at)
          from unnest(${sql.param(heard.map(([id]) => id))}::int[], ${sql.param(heard.map(([, at]) => at.toISOString()))}::timestamptz[]) as u(id, at)
          where d.id = u.id`);
      }
      if (rows.length) {
        await db.execute(sql`
          insert into tracking_device_counts as c (device_id, reason, count, last_at)
          select u.d, u.r, u.n, u.at from unnest(${sql.param(rows.map((r) => r.deviceId))}::int[], ${sql.param(rows.map((r) => r.reason))}::text[],
            ${sql.param(rows.map((r) => r.n))}::bigint[], ${sql.param(rows.map((r) => r.at.toISOString()))}::timestamptz[]) as u(d, r, n, at)
          join tracking_devices td on td.id = u.d
          on conflict (device_id, reason) do update set count = c.count + excluded.count, last_at = greatest(c.last_at, excluded.last_at)`);
      }
    },
  };
}

/** The last fix in use and the last fix time stored, per device, on this process. */
function createLastFixes() {
  const fixes = new Map<number, Fix>();
  const times = new Map<number, Date>();
  const bounded = <V>(m: Map<number, V>) => {
    if (m.size >= LAST_FIX_LIMIT) {
      m.clear();
    }
    return m;
  };
  return {
    /**
     * What a fix is measured from: the newer of this process's last fix of the device and the
     * trip's last position (another process may have stored it); with neither, the trip's
     * witnessed start (the plant at gate out), so a first fix far from it is a jump too.
     */
    anchor(route: DeviceRoute): Fix | null {
      const mine = fixes.get(route.deviceId) ?? null;
      const theirs = route.last;
      if (mine && theirs) {
        return mine.at >= theirs.at ? mine : theirs;
      }
      return mine ?? theirs ?? route.start;
    },
    lastTime: (deviceId: number) => times.get(deviceId) ?? null,
    stored(deviceId: number, p: DecodedPosition, used: boolean) {
      bounded(times).set(deviceId, p.fixTime);
      const last = fixes.get(deviceId);
      if (used && p.latitude !== null && p.longitude !== null && (!last || last.at <= p.fixTime)) {
        bounded(fixes).set(deviceId, { latitude: p.latitude, longitude: p.longitude, at: p.fixTime });
      }
    },
  };
}

export type IngestOptions = WriterOptions & { retentionDays: number; filters: PositionFilterSettings };

/**
 * The ingest of one API process: the device resolver, the filters, the group-commit writer, and
 * each device's counts and last-seen time (written every 30 s, not with every position).
 */
export function createIngest(db: Db, opts: IngestOptions) {
  const resolver = createDeviceResolver(db);
  const writer = createPositionWriter(db, opts);
  const counts = createDeviceCounts(db);
  const last = createLastFixes();
  const timer = setInterval(() => void counts.flush().catch(() => undefined), FLUSH_MS);
  timer.unref();

  /** Which filter, if any, stops the position. */
  const outcomeOf = (p: DecodedPosition, route: DeviceRoute, channel: Channel, now: Date) =>
    filterPosition(p, {
      channel,
      device: route,
      last: last.anchor(route),
      lastFixTime: last.lastTime(route.deviceId),
      now,
      retentionDays: opts.retentionDays,
      settings: opts.filters,
    });

  return {
    resolver,
    writer,
    /**
     * Takes a device's position: filtered (counted; kept unused or dropped) or stored; resolves
     * after the commit of what is stored. Either way the device is answered alike (200).
     */
    async accept(
      p: DecodedPosition,
      route: DeviceRoute,
      source: (typeof POSITION_SOURCES)[number],
      channel: Channel,
      receivedAt = new Date(),
    ): Promise<PositionOutcome> {
      const filtered = outcomeOf(p, route, channel, receivedAt);
      counts.count(route.deviceId, filtered ?? 'accepted', receivedAt);
      if (filtered && !isKept(filtered)) {
        return filtered;
      }
      last.stored(route.deviceId, p, !filtered);
      await writer.write(rowOf(p, route, source, receivedAt, filtered));
      return filtered ?? 'accepted';
    },
    /** Writes the devices' counts and last-seen times now (tests; the timer does it every 30 s). */
    flush: () => counts.flush(),
    async close() {
      clearInterval(timer);
      await writer.drain();
      await counts.flush().catch(() => undefined);
    },
  };
}

export type Ingest = ReturnType<typeof createIngest>;
