import type { Db } from '../../db/client.ts';
import type { PositionRow } from './position-store.ts';
import { loadTrips, type Trip } from '../../repositories/tracking-trips.repository.ts';
import { ripeStays } from './arrival-evidence.ts';
import { applyGeofences, geofencesChange } from './trip-events.ts';

type Log = { error: (o: object, m: string) => void };

/**
 * A position older than the trip's last one (a phone's backlog, out of order) says where the
 * truck was, not where it is: it neither ends the stay where the truck is now nor enters a stop
 * it has left.
 */
const isLate = (trip: Trip, p: { at: Date }) => trip.last !== null && p.at < trip.last.fixTime;
/** A trip's stops and open stays are remembered this long between positions. */
const TRIP_CACHE_MS = 30_000;
/** Orders waiting for their geofence check at most (a burst beyond waits for the scan job). */
const MAX_WAITING = 20_000;
/** Trips read in one query at most. */
const LOAD_BATCH = 500;

/**
 * The fast path of geofences: after each commit, every order whose position moved is checked
 * against its stops in memory (stops and open stays cached for 30 s); only an entry, an exit or a
 * stay whose dwell may be complete costs more (its evidence read, then a transaction for the
 * event, the order's move, the alerts). The tracking-scan job re-checks
 * every trip each minute, so a check lost in a crash is made up there.
 */
export function createGeofenceWatch(db: Db, log: Log) {
  const w: Watch = { db, log, cache: new Map(), waiting: new Map(), running: false };
  return {
    /** The writer's after-commit hook: queue each order's newest located position. */
    committed(rows: PositionRow[]) {
      for (const r of rows) {
        if (r.orderId && r.latitude !== null && r.longitude !== null && !r.filtered && w.waiting.size < MAX_WAITING) {
          const seen = w.waiting.get(r.orderId);
          if (!seen || seen.at < r.fixTime) {
            w.waiting.set(r.orderId, { latitude: r.latitude, longitude: r.longitude, at: r.fixTime });
          }
        }
      }
      if (!w.running && w.waiting.size) {
        void run(w);
      }
    },
    /** Resolves once every queued check ran (tests). */
    async idle() {
      while (w.running || w.waiting.size) {
        await new Promise((resolve) => setTimeout(resolve, 5));
      }
    },
  };
}

type Located = { latitude: number; longitude: number; at: Date };

/** A watch's state: the trips remembered, the orders waiting for their check, whether a round runs. */
type Watch = {
  db: Db;
  log: Log;
  cache: Map<number, { trip: Trip; until: number }>;
  waiting: Map<number, Located>;
  running: boolean;
};

/** The order's trip: the one remembered unless `fresh` (or expired), else read and remembered. */
async function tripOf(w: Watch, orderId: number, fresh: boolean): Promise<Trip | undefined> {
  const hit = w.cache.get(orderId);
  if (!fresh && hit && hit.until > Date.now()) {
    return hit.trip;
  }
  const trip = (await loadTrips(w.db, [orderId])).get(orderId);
  if (trip) {
    w.cache.set(orderId, { trip, until: Date.now() + TRIP_CACHE_MS });
  }
  return trip;
}

/** Checked in memory against the trip remembered: only a change costs a read and a transaction. */
const changes = (trip: Trip | undefined, p: Located): trip is Trip =>
  Boolean(trip?.stops.length) && !isLate(trip as Trip, p) && (geofencesChange(trip as Trip, p) || ripeStays(trip as Trip, p).length > 0);

/** One order's check: a change read again fresh, then applied in its transaction; the trip is forgotten after. */
async function check(w: Watch, orderId: number, p: Located) {
  const hit = w.cache.get(orderId);
  const trip = hit && hit.until > Date.now() ? hit.trip : await tripOf(w, orderId, false);
  if (!changes(trip, p)) {
    return;
  }
  const current = await tripOf(w, orderId, true);
  if (current && !isLate(current, p)) {
    await applyGeofences(w.db, current, p, p.at, w.log);
    w.cache.delete(orderId);
  }
}

/** Loads the trips not cached (or expired) in one read: a burst of a thousand orders costs a few queries, not four each. */
async function prefetch(w: Watch, orderIds: number[]) {
  const now = Date.now();
  const stale = orderIds.filter((id) => (w.cache.get(id)?.until ?? 0) <= now);
  for (let i = 0; i < stale.length; i += LOAD_BATCH) {
    const trips = await loadTrips(w.db, stale.slice(i, i + LOAD_BATCH));
    for (const [orderId, trip] of trips) {
      w.cache.set(orderId, { trip, until: Date.now() + TRIP_CACHE_MS });
    }
  }
}

/** Checks the orders waiting, round after round, until none waits. */
async function run(w: Watch) {
  w.running = true;
  try {
    while (w.waiting.size) {
      const round = [...w.waiting.entries()];
      w.waiting.clear();
      await prefetch(
        w,
        round.map(([orderId]) => orderId),
      ).catch((err: unknown) => w.log.error({ err }, 'geofence trips not loaded'));
      const now = Date.now();
      for (const [orderId, p] of round) {
        // Most orders neither enter nor leave: decided here without a promise each.
        const hit = w.cache.get(orderId);
        if (hit && hit.until > now && !changes(hit.trip, p)) {
          continue;
        }
        await check(w, orderId, p).catch((err: unknown) => w.log.error({ err, orderId }, 'geofence check failed'));
      }
    }
  } finally {
    w.running = false;
  }
}
