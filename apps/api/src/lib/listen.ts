import type { FastifyBaseLogger } from 'fastify';
import type pg from 'pg';
import type { Database } from '../db/client.ts';

const RECONNECT_MS = 2000;

type Log = Pick<FastifyBaseLogger, 'warn'>;
type Handler = (payload: string) => void;

type Closer = () => Promise<void>;

/** PGlite delivers to its own listeners: one per channel, each closer kept as it is made. */
async function startPglite(client: NonNullable<Database['client']>, handlers: Map<string, Handler>, closers: Closer[]) {
  for (const [channel, handler] of handlers) {
    closers.push(await client.listen(channel, handler));
  }
}

/** The PostgreSQL listener's state: the connection it holds, its retry timer, whether it was closed. */
type Held = { client?: pg.PoolClient; timer?: ReturnType<typeof setTimeout>; closed: boolean };

/** Hands the connection's notifications to the handlers; a lost connection is released and `retry` called. */
function watch(c: pg.PoolClient, handlers: Map<string, Handler>, held: Held, log: Log, retry: () => void) {
  c.on('notification', (m) => {
    if (m.payload) {
      handlers.get(m.channel)?.(m.payload);
    }
  });
  c.on('error', (err) => {
    if (held.client === c) {
      held.client = undefined;
      log.warn({ err: err.message }, 'live events: listener connection lost; reconnecting');
      c.release(err);
      retry();
    }
  });
}

/** One connection from the pool listening on every channel, re-opened after a loss; its closer returned. */
async function startPostgres(database: Database, handlers: Map<string, Handler>, log: Log): Promise<Closer> {
  // Drizzle's node-postgres database keeps its pool as $client.
  const pool = (database.db as unknown as { $client: pg.Pool }).$client;
  const held: Held = { closed: false };
  const retry = () => {
    if (!held.closed) {
      held.timer = setTimeout(() => void connect(), RECONNECT_MS);
      held.timer.unref();
    }
  };
  const connect = async () => {
    let c: pg.PoolClient;
    try {
      c = await pool.connect();
    } catch (err) {
      log.warn({ err: (err as Error).message }, 'live events: cannot reach the database; retrying');
      retry();
      return;
    }
    watch(c, handlers, held, log, retry);
    try {
      for (const channel of handlers.keys()) {
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
  };
  await connect();
  return async () => {
    held.closed = true;
    clearTimeout(held.timer);
    const c = held.client;
    held.client = undefined;
    c?.release();
  };
}

/**
 * PostgreSQL LISTEN for the process: modules subscribe to channels (`on`), and NOTIFY payloads,
 * delivered only when their transaction commits, reach the handler on every API process. PGlite
 * delivers to its own listeners; on PostgreSQL one pooled connection is held for all channels and
 * re-opened after a connection loss (announcements in between are missed; the app's slow poll and
 * its refetch on reconnect cover them).
 */
export function createListener(database: Database, log: Log) {
  const handlers = new Map<string, Handler>();
  const closers: Closer[] = [];
  let started = false;
  return {
    /** Subscribes a channel (before `start`); its handler gets each payload. */
    on(channel: string, handler: Handler) {
      if (started) {
        throw new Error(`listen ${channel}: subscribe before the listener starts`);
      }
      handlers.set(channel, handler);
    },
    async start() {
      started = true;
      if (database.client) {
        await startPglite(database.client, handlers, closers);
      } else {
        closers.push(await startPostgres(database, handlers, log));
      }
    },
    async close() {
      for (const close of closers.splice(0)) {
        await close();
      }
    },
  };
}

export type Listener = ReturnType<typeof createListener>;
