import type { Db } from '../../db/client.ts';
import { adoptLentLock, type DeviceRouteRaw, deviceRouteRows } from '../../repositories/tracking-ingest.repository.ts';
import { issuedKey, looksIssued } from './device-credentials.ts';
import type { Channel, DeviceFacts, Fix } from './position-filters.ts';

/** Where a device's positions go (the device, and the order of its active trip) and what the filters read of it. */
export type DeviceRoute = DeviceFacts & {
  deviceId: number;
  trackingId: number | null;
  orderId: number | null;
  industryId: number | null;
  requestType: number | null;
  plantId: number | null;
  /** The trip's last position in use. */
  last: Fix | null;
  /** The trip's witnessed start: an outbound order's plant at its gate out (what a first fix is measured from). */
  start: Fix | null;
  /**
   * When the trip began for the ingest: the earliest of the device put on it (tracking set), the
   * vehicle reported, its gate in and its gate out (an order recorded after the fact still takes
   * its trip's positions). A fix older than this is the device's, not the trip's. (A trail may
   * start later, at the gate out: trail.ts.)
   */
  tripStart: Date | null;
};

type Raw = DeviceRouteRaw;
type Waiter = { resolve: (route: DeviceRoute | null) => void; reject: (err: unknown) => void };
/** How long a device's route is remembered: a new assignment reaches the ingest within this. */
export const ROUTE_CACHE_MS = 3000;
const CACHE_LIMIT = 100_000;

const num = (v: unknown) => (v === null || v === undefined ? null : Number(v));

/** A fix read from the row's columns `{prefix}_lat`, `{prefix}_lon`, `{prefix}_at`, if there is one. */
function fixOf(row: Raw, prefix: 'last' | 'start'): Fix | null {
  const at = row[`${prefix}_at`];
  const lat = row[`${prefix}_lat`];
  if (at === null || at === undefined || lat === null || lat === undefined) {
    return null;
  }
  return { latitude: Number(lat), longitude: Number(row[`${prefix}_lon`]), at: new Date(at) };
}

const routeOf = (row: Raw): DeviceRoute => ({
  deviceId: Number(row.device_id),
  credential: row.credential as DeviceRoute['credential'],
  active: row.status === 'active',
  trackingId: num(row.tracking_id),
  orderId: num(row.order_id),
  industryId: num(row.industry_id),
  requestType: num(row.request_type),
  plantId: num(row.plant_id),
  last: fixOf(row, 'last'),
  start: fixOf(row, 'start'),
  tripStart: row.trip_start === null || row.trip_start === undefined ? null : new Date(row.trip_start),
});

/** The devices stored under these keys, with their active trip and its anchor, in one query. */
async function lookupMany(db: Db, keys: string[]): Promise<Map<string, DeviceRoute>> {
  const rows = await deviceRouteRows(db, keys);
  return new Map(rows.map((row) => [String(row.identifier), routeOf(row)]));
}

/**
 * The key a device reports under through a channel: the port takes issued identifiers (looked up
 * by their hash; anything else is looked up as typed, to be counted and dropped); a Traccar
 * server's forwarding sends either.
 */
export function keysOf(identifier: string, channel: Channel): string[] {
  if (looksIssued(identifier)) {
    return channel === 'port' ? [issuedKey(identifier)] : [issuedKey(identifier), identifier];
  }
  return [identifier];
}

type Remembered = { route: DeviceRoute | null; until: number };

/**
 * Looks keys up in batches: the keys whose routes expired at about the same time (a burst of
 * requests read in one turn of the event loop) are looked up together, in one query on the next turn.
 */
function createBatchLookup(db: Db) {
  let waiting: Map<string, Waiter[]> | null = null;
  const lookupTogether = async (batch: Map<string, Waiter[]>) => {
    try {
      const found = await lookupMany(db, [...batch.keys()]);
      for (const [key, callers] of batch) {
        for (const c of callers) {
          c.resolve(found.get(key) ?? null);
        }
      }
    } catch (err) {
      for (const c of [...batch.values()].flat()) {
        c.reject(err);
      }
    }
  };
  return (key: string): Promise<DeviceRoute | null> =>
    new Promise((resolve, reject) => {
      if (!waiting) {
        const batch = new Map<string, Waiter[]>();
        waiting = batch;
        setImmediate(() => {
          waiting = null;
          void lookupTogether(batch);
        });
      }
      const callers = waiting.get(key) ?? [];
      callers.push({ resolve, reject });
      waiting.set(key, callers);
    });
}

/**
 * The route of an identifier as a channel sent it, remembered as long as its key's: the port's
 * every position is routed without hashing its identifier again (a SHA-256 each). Forgetting a
 * key forgets the identifiers that stood for it.
 */
function createSentCache() {
  const sent = { port: new Map<string, Remembered>(), forward: new Map<string, Remembered>() };
  const sentAs = new Map<string, Set<string>>();
  const clear = () => {
    sent.port.clear();
    sent.forward.clear();
    sentAs.clear();
  };
  return {
    get: (channel: Channel, identifier: string) => sent[channel].get(identifier),
    remember(channel: Channel, identifier: string, keys: string[], entry: Remembered) {
      if (sent[channel].size >= CACHE_LIMIT) {
        clear();
      }
      sent[channel].set(identifier, entry);
      for (const key of keys) {
        const set = sentAs.get(key) ?? new Set<string>();
        set.add(`${channel}:${identifier}`);
        sentAs.set(key, set);
      }
    },
    forget(key: string) {
      for (const as of sentAs.get(key) ?? []) {
        const [channel, ...rest] = as.split(':');
        sent[channel === 'forward' ? 'forward' : 'port'].delete(rest.join(':'));
      }
      sentAs.delete(key);
    },
    clear,
  };
}

/**
 * Finds devices by the keys they report under, remembered for a few seconds (every position would
 * otherwise cost a query; the routes that expire together are read in one). A lent GPS lock of
 * the admin's device screens that reports for the first time (through Traccar) becomes its
 * shipper's tracking device. An unknown key is remembered too: an unknown device costs as little
 * as a known one, and is answered the same.
 */
export function createDeviceResolver(db: Db) {
  const cache = new Map<string, Remembered>();
  const sent = createSentCache();
  const lookup = createBatchLookup(db);

  const resolveKey = async (key: string, now: number, adopt: boolean): Promise<DeviceRoute | null> => {
    const hit = cache.get(key);
    if (hit && hit.until > now) {
      return hit.route;
    }
    let route = await lookup(key);
    if (!route && adopt && (await adoptLentLock(db, key))) {
      route = await lookup(key);
    }
    if (cache.size >= CACHE_LIMIT) {
      cache.clear();
    }
    cache.set(key, { route, until: now + ROUTE_CACHE_MS });
    return route;
  };

  return {
    /** The route remembered for an identifier as sent, if still fresh (`undefined`: look it up with `resolve`). */
    cached(identifier: string, channel: Channel, now = Date.now()): DeviceRoute | null | undefined {
      const hit = sent.get(channel, identifier);
      return hit && hit.until > now ? hit.route : undefined;
    },
    async resolve(identifier: string, channel: Channel, now = Date.now()): Promise<DeviceRoute | null> {
      const keys = keysOf(identifier, channel);
      let route: DeviceRoute | null = null;
      for (const key of keys) {
        route = await resolveKey(key, now, channel === 'forward' && !looksIssued(key));
        if (route) {
          break;
        }
      }
      sent.remember(channel, identifier, keys, { route, until: now + ROUTE_CACHE_MS });
      return route;
    },
    /** Forgets devices (by the keys they are stored under) on this process at once; none: all. */
    forget(key?: string) {
      if (key === undefined) {
        cache.clear();
        sent.clear();
        return;
      }
      cache.delete(key);
      sent.forget(key);
    },
  };
}

export type DeviceResolver = ReturnType<typeof createDeviceResolver>;
