import type { PositionFilter, PositionOutcome } from '@freightdesk/shared/schemas/tracking-devices';
import type { PositionFilterSettings } from '../../config-tracking.ts';
import type { Db } from '../../db/client.ts';
import type { POSITION_SOURCES } from '../../db/schema/tracking.ts';
import { addDeviceCounts, markDevicesSeen } from '../../repositories/tracking-ingest.repository.ts';
import { createDeviceResolver, type DeviceRoute } from './device-resolver.ts';
import type { DecodedPosition } from './osmand-decode.ts';
import { type Channel, type Fix, filterPosition, isKept } from './position-filters.ts';
import type { PositionRow } from './position-store.ts';
import { createPositionWriter, type WriterOptions } from './position-writer.ts';

export type { DeviceRoute } from './device-resolver.ts';

const FLUSH_MS = 30_000;
const accepted = (): PositionOutcome => 'accepted';
/** Devices whose last fix this process remembers at most (forgetting costs only the database's anchor). */
const LAST_FIX_LIMIT = 100_000;

/**
 * A decoded device position as the row to store, routed to its device's trip (`filtered`: kept,
 * used for nothing). A fix from before the device was put on the trip (a phone's backlog of the day
 * before, a device's earlier trip) is the device's, stored without the order: never the trip's
 * last position, trail or stay.
 */
export function rowOf(
  p: DecodedPosition,
  route: DeviceRoute,
  source: (typeof POSITION_SOURCES)[number],
  receivedAt: Date,
  filtered: PositionFilter | null = null,
): PositionRow {
  const onTrip = route.orderId !== null && !(route.tripStart && p.fixTime < route.tripStart);
  return {
    deviceId: route.deviceId,
    orderId: onTrip ? route.orderId : null,
    industryId: onTrip ? route.industryId : null,
    trackingId: filtered || !onTrip ? null : route.trackingId,
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
    route: onTrip && route.requestType && route.plantId ? { requestType: route.requestType, plantId: route.plantId } : null,
  };
}

/** One device's counts since the last flush: when it was last heard, and its positions by outcome. */
type Tally = { seen: Date; byOutcome: Partial<Record<PositionOutcome, { n: number; at: Date }>> };

/**
 * What each device's positions came to (accepted, or the filter that stopped them) and when it was
 * last heard, counted in memory and added to the database every 30 s: the device's health. (No
 * key built per position: the ingest counts every one.)
 */
function createDeviceCounts(db: Db) {
  let tallies = new Map<number, Tally>();
  return {
    count(deviceId: number, outcome: PositionOutcome, at: Date) {
      let t = tallies.get(deviceId);
      if (!t) {
        t = { seen: at, byOutcome: {} };
        tallies.set(deviceId, t);
      }
      t.seen = at;
      const c = t.byOutcome[outcome];
      if (c) {
        c.n++;
        c.at = at;
      } else {
        t.byOutcome[outcome] = { n: 1, at };
      }
    },
    async flush() {
      const heard = [...tallies.entries()];
      tallies = new Map();
      if (!heard.length) {
        return;
      }
      await markDevicesSeen(
        db,
        heard.map(([id, t]) => ({ id, at: t.seen })),
      );
      const rows = heard.flatMap(([deviceId, t]) =>
        Object.entries(t.byOutcome).map(([outcome, c]) => ({ deviceId, outcome, n: c?.n ?? 0, at: c?.at ?? t.seen })),
      );
      await addDeviceCounts(db, rows);
    },
  };
}

/** A device's last fix in use (if any) and the fix time of its last position stored, on this process. */
type Last = { fix: Fix | null; time: Date };

/** The devices' last fixes on this process, each updated in place. */
function createLastFixes() {
  const last = new Map<number, Last>();
  return {
    /**
     * What a fix is measured from: the newer of this process's last fix of the device and the
     * trip's last position (another process may have stored it); with neither, the trip's
     * witnessed start (the plant at gate out), so a first fix far from it is a jump too.
     */
    anchor(route: DeviceRoute): Fix | null {
      const mine = last.get(route.deviceId)?.fix ?? null;
      const theirs = route.last;
      if (mine && theirs) {
        return mine.at >= theirs.at ? mine : theirs;
      }
      return mine ?? theirs ?? route.start;
    },
    lastTime: (deviceId: number) => last.get(deviceId)?.time ?? null,
    stored(deviceId: number, p: DecodedPosition, used: boolean) {
      let l = last.get(deviceId);
      if (!l) {
        if (last.size >= LAST_FIX_LIMIT) {
          last.clear();
        }
        l = { fix: null, time: p.fixTime };
        last.set(deviceId, l);
      }
      l.time = p.fixTime;
      if (!used || p.latitude === null || p.longitude === null || (l.fix && l.fix.at > p.fixTime)) {
        return;
      }
      if (l.fix) {
        l.fix.latitude = p.latitude;
        l.fix.longitude = p.longitude;
        l.fix.at = p.fixTime;
      } else {
        l.fix = { latitude: p.latitude, longitude: p.longitude, at: p.fixTime };
      }
    },
  };
}

export type IngestOptions = WriterOptions & {
  retentionDays: number;
  filters: PositionFilterSettings;
  /** Told of each position's source and outcome (the metrics' counter). */
  observe?: (source: string, outcome: PositionOutcome) => void;
};

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
    accept(
      p: DecodedPosition,
      route: DeviceRoute,
      source: (typeof POSITION_SOURCES)[number],
      channel: Channel,
      receivedAt = new Date(),
    ): Promise<PositionOutcome> {
      const filtered = outcomeOf(p, route, channel, receivedAt);
      counts.count(route.deviceId, filtered ?? 'accepted', receivedAt);
      opts.observe?.(source, filtered ?? 'accepted');
      if (filtered && !isKept(filtered)) {
        return Promise.resolve(filtered);
      }
      last.stored(route.deviceId, p, !filtered);
      const stored = writer.write(rowOf(p, route, source, receivedAt, filtered));
      return filtered ? stored.then(() => filtered) : stored.then(accepted);
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
