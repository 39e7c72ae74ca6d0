import type { AuthUser } from './access.ts';
import type { Listener } from './listen.ts';
import { perDatabase } from './per-database.ts';

/** The channel of migration 0031: a committed change to a session, user, shipper, role or staff assignment. */
export const AUTH_CHANNEL = 'fd_auth';
/** Viewers kept at most; past this the cache starts again (a few hundred bytes each). */
const MAX_ENTRIES = 10_000;
/** A viewer is read again at least this often, whatever was announced (a bound, should an announcement ever go astray). */
export const SESSION_CACHE_MAX_AGE_MS = 60_000;

type Entry = { viewer: AuthUser; expiresAt: number };

/** A cache's state: its viewers, the generation of its contents, and how many listeners listen for it. */
type Cache = { viewers: Map<string, Entry>; generation: number; listening: number };

function forget(cache: Cache) {
  cache.generation++;
  cache.viewers.clear();
}

/**
 * Subscribes the cache to a listener's announcements (before the listener starts). The answer
 * is told when the listener listens and when it stops: the cache serves only in between.
 */
function attach(cache: Cache, listener: Listener) {
  // A handler of its own: PGlite keeps a channel's handlers in a set, and a second app's
  // closing listener would otherwise unsubscribe the first one's too.
  listener.on(AUTH_CHANNEL, () => forget(cache));
  let started = false;
  const handle = {
    listening() {
      if (!started) {
        started = true;
        cache.listening++;
        forget(cache);
      }
    },
    closed() {
      if (started) {
        started = false;
        cache.listening--;
        forget(cache);
      }
    },
  };
  listener.onState((listening) => (listening ? handle.listening() : handle.closed()));
  return handle;
}

function find(cache: Cache, tokenHash: string, now: number): AuthUser | undefined {
  if (cache.listening === 0) {
    return undefined;
  }
  const entry = cache.viewers.get(tokenHash);
  if (!entry) {
    return undefined;
  }
  if (entry.expiresAt <= now) {
    cache.viewers.delete(tokenHash);
    return undefined;
  }
  return copyOf(entry.viewer);
}

function remember(cache: Cache, tokenHash: string, viewer: AuthUser, expiresAt: Date, startedIn: number) {
  if (cache.listening === 0 || startedIn !== cache.generation) {
    return;
  }
  if (cache.viewers.size >= MAX_ENTRIES) {
    cache.viewers.clear();
  }
  const expires = Math.min(expiresAt.getTime(), Date.now() + SESSION_CACHE_MAX_AGE_MS);
  cache.viewers.set(tokenHash, { viewer: copyOf(viewer), expiresAt: expires });
}

/**
 * The viewers of live sessions by token hash, in memory (decisions 0176, 0317): every call's
 * session lookup was a third of a small list's call, a statement of its own. It is exact, not "for
 * a few seconds": the database announces every committed change to what a viewer is made of
 * (triggers of migration 0031, whatever statement made the change) and the cache forgets every
 * viewer on it. A lookup that raced a change is not kept (`generation`); a session's end by time is
 * checked on every use, and a viewer is read again at least once a minute. The cache serves only
 * while its listener listens: on PostgreSQL a lost listening connection stops it (announcements in
 * between would be missed) until the connection is back, and a call that may have written waits
 * for the listener to catch up before it answers (app.ts, `Listener.sync`), so the writer's next
 * call finds no viewer its own change made stale. On PGlite the announcement reaches the process
 * before the writer's call goes on. Another API process learns of a change as soon as
 * PostgreSQL delivers its announcement (milliseconds), as it would have read it a moment later.
 *
 * One cache per database handle, serving only while at least one listener on it listens (tests
 * build a second app on the same database and close it again).
 */
export function createSessionCache() {
  const cache: Cache = { viewers: new Map<string, Entry>(), generation: 0, listening: 0 };
  return {
    /** Subscribes the cache to a listener's announcements (before the listener starts); see `attach`. */
    attach: (listener: Listener) => attach(cache, listener),
    /** The generation a lookup starts in: `remember` keeps its answer only if nothing changed meanwhile. */
    generation: () => cache.generation,
    find: (tokenHash: string, now = Date.now()): AuthUser | undefined => find(cache, tokenHash, now),
    remember: (tokenHash: string, viewer: AuthUser, expiresAt: Date, startedIn: number) =>
      remember(cache, tokenHash, viewer, expiresAt, startedIn),
  };
}

export type SessionCache = ReturnType<typeof createSessionCache>;

/** Each call gets its own viewer: a route that changed its copy cannot change the next call's. */
const copyOf = (v: AuthUser): AuthUser => ({
  ...v,
  permissions: [...v.permissions],
  plantIds: [...v.plantIds],
  businessUnitIds: [...v.businessUnitIds],
});

/** The cache of a database handle. */
const caches = perDatabase((_db: object): SessionCache => createSessionCache());

/** The database's session cache, made on first use and attached to this listener. */
export function attachSessionCache(db: object, listener: Listener) {
  return caches.of(db).attach(listener);
}

export function sessionCacheOf(db: object): SessionCache | undefined {
  return caches.peek(db);
}
