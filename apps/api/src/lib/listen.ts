import type { FastifyBaseLogger } from 'fastify';
import type pg from 'pg';
import type { Database } from '../db/client.ts';

const RECONNECT_MS = 2000;

type Log = Pick<FastifyBaseLogger, 'warn'>;
type Handler = (payload: string) => void;

/**
 * PostgreSQL LISTEN for the process: modules subscribe to channels (`on`), and NOTIFY payloads,
 * delivered only when their transaction commits, reach the handler on every API process. PGlite
 * delivers to its own listeners; on PostgreSQL one pooled connection is held for all channels and
 * re-opened after a connection loss (announcements in between are missed; the app's slow poll and
 * its refetch on reconnect cover them).
 */
export function createListener(database: Database, log: Log) {
  const handlers = new Map<string, Handler>();
  const closers: (() => Promise<void>)[] = [];
  let started = false;

  const startPglite = async (client: NonNullable<Database['client']>) => {
    for (const [channel, handler] of handlers) {
      closers.push(await client.listen(channel, handler));
    }
  };

  const startPostgres = async () => {
    // Drizzle's node-postgres database keeps its pool as $client.
    const pool = (database.db as unknown as { $client: pg.Pool }).$client;
    let held: pg.PoolClient | undefined;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let closed = false;
    const retry = () => {
      if (!closed) {
        timer = setTimeout(() => void connect(), RECONNECT_MS);
        timer.unref();
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
      c.on('notification', (m) => {
        if (m.payload) {
          handlers.get(m.channel)?.(m.payload);
        }
      });
      c.on('error', (err) => {
        if (held === c) {
          held = undefined;
          log.warn({ err: err.message }, 'live events: listener connection lost; reconnecting');
          c.release(err);
          retry();
        }
      });
      try {
        for (const channel of handlers.keys()) {
          await c.query(`listen ${channel}`);
        }
      } catch (err) {
        c.release(err as Error);
        retry();
        return;
      }
      if (closed) {
        c.release();
        return;
      }
      held = c;
    };
    await connect();
    closers.push(async () => {
      closed = true;
      clearTimeout(timer);
      const c = held;
      held = undefined;
      c?.release();
    });
  };

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
      await (database.client ? startPglite(database.client) : startPostgres());
    },
    async close() {
      for (const close of closers.splice(0)) {
        await close();
      }
    },
  };
}

export type Listener = ReturnType<typeof createListener>;
