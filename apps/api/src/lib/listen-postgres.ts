import { randomBytes } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type pg from 'pg';
import type { Database } from '../db/client.ts';

const RECONNECT_MS = 2000;
/** A sync whose own notification has not come back by then counts as a lost connection's. */
const SYNC_TIMEOUT_MS = 1000;

export type Log = Pick<FastifyBaseLogger, 'warn'>;
export type Handler = (payload: string) => void;
export type Closer = () => Promise<void>;
/** Told when the listener starts listening on every channel (true) and when it stops or loses its connection (false). */
export type StateHandler = (listening: boolean) => void;

/** The PostgreSQL listener's state: the connection it holds, its retry timer, whether it was closed. */
type Held = { client?: pg.PoolClient; timer?: ReturnType<typeof setTimeout>; closed: boolean };

/** One round of `sync`: the payload its NOTIFY carries and the callers waiting for it to come back. */
type Round = { nonce: string; done: () => void; promise: Promise<void> };

function round(nonce: string): Round {
  let done = () => {};
  const promise = new Promise<void>((resolve) => {
    done = resolve;
  });
  return { nonce, done, promise };
}

/**
 * The barrier of `Listener.sync` on PostgreSQL. A NOTIFY on this process's own channel, sent on the
 * listening connection, comes back after every notification committed before it (PostgreSQL
 * delivers a session's notifications in the order their transactions committed), so once it is
 * back, every earlier announcement has been handed to its handler. Callers that ask while a round
 * is out wait for the next round (the round out may have been sent before their own commit); one
 * round serves all who asked meanwhile. With no connection there is nothing to wait for: whoever
 * depends on the announcements was told the listener stopped (`StateHandler`).
 */
function createSync(held: Held, lost: (c: pg.PoolClient, why: string) => void) {
  const channel = `fd_sync_${randomBytes(6).toString('hex')}`;
  let sent = 0;
  let out: Round | undefined;
  let next: Round | undefined;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const finish = (r: Round | undefined) => {
    clearTimeout(timer);
    r?.done();
  };
  const send = () => {
    const c = held.client;
    out = next;
    next = undefined;
    if (!out || !c) {
      finish(out);
      out = undefined;
      return;
    }
    const sentRound = out;
    timer = setTimeout(() => lost(c, 'a sync did not come back'), SYNC_TIMEOUT_MS);
    timer.unref();
    c.query('select pg_notify($1, $2)', [channel, sentRound.nonce]).catch(() => lost(c, 'a sync could not be sent'));
  };
  return {
    channel,
    sync(): Promise<void> {
      if (!held.client) {
        return Promise.resolve();
      }
      next ??= round(String(++sent));
      const waiting = next;
      if (!out) {
        send();
      }
      return waiting.promise;
    },
    /** The channel's notification: the round out is back; the next one goes. */
    back(payload: string) {
      if (out && payload === out.nonce) {
        finish(out);
        out = undefined;
        if (next) {
          send();
        }
      }
    },
    /** The connection is gone: nobody waits for a round that cannot come back. */
    release() {
      finish(out);
      finish(next);
      out = undefined;
      next = undefined;
    },
  };
}

/** Hands the connection's notifications to the handlers; a lost connection is released and `retry` called. */
function watch(c: pg.PoolClient, handlers: Map<string, Handler>, onLost: (c: pg.PoolClient, err: Error) => void) {
  c.on('notification', (m) => {
    if (m.payload) {
      handlers.get(m.channel)?.(m.payload);
    }
  });
  c.on('error', (err) => onLost(c, err));
}

type Steps = { drop: (c: pg.PoolClient, err: Error) => void; retry: () => void; state: StateHandler; log: Log };

/** Takes a connection from the pool and listens on every channel with it; on failure tries again later. */
async function listenOn(pool: pg.Pool, channels: Map<string, Handler>, held: Held, { drop, retry, state, log }: Steps) {
  let c: pg.PoolClient;
  try {
    c = await pool.connect();
  } catch (err) {
    log.warn({ err: (err as Error).message }, 'live events: cannot reach the database; retrying');
    retry();
    return;
  }
  watch(c, channels, drop);
  try {
    for (const channel of channels.keys()) {
      await c.query(`listen ${channel}`);
    }
  } catch (err) {
    c.release(err as Error);
    retry();
    return;
  }
  if (held.closed) {
    c.release();
    return;
  }
  held.client = c;
  state(true);
}

/**
 * One connection from the pool listening on every channel, re-opened after a loss; its closer and
 * `sync` returned. `state` is told when it listens and when it stops.
 */
export async function startPostgres(database: Database, handlers: Map<string, Handler>, log: Log, state: StateHandler) {
  // Drizzle's node-postgres database keeps its pool as $client.
  const pool = (database.db as unknown as { $client: pg.Pool }).$client;
  const held: Held = { closed: false };
  const retry = () => {
    if (!held.closed) {
      held.timer = setTimeout(() => void connect(), RECONNECT_MS);
      held.timer.unref();
    }
  };
  // Once per connection lost, whoever notices it first (its error, a sync that failed or timed out):
  // a second call would open a second listening connection and leave this one checked out.
  const drop = (c: pg.PoolClient, err: Error) => {
    if (held.client !== c) {
      return;
    }
    held.client = undefined;
    syncs.release();
    state(false);
    log.warn({ err: err.message }, 'live events: listener connection lost; reconnecting');
    c.release(err);
    retry();
  };
  const syncs = createSync(held, (c, why) => drop(c, new Error(why)));
  const channels = new Map(handlers).set(syncs.channel, (payload) => syncs.back(payload));
  const connect = () => listenOn(pool, channels, held, { drop, retry, state, log });
  await connect();
  const close: Closer = async () => {
    held.closed = true;
    clearTimeout(held.timer);
    const c = held.client;
    held.client = undefined;
    syncs.release();
    if (c) {
      state(false);
    }
    c?.release();
  };
  return { close, sync: syncs.sync };
}
