import type { Database } from '../db/client.ts';
import { type Closer, type Handler, type Log, type StateHandler, startPostgres } from './listen-postgres.ts';

/** PGlite delivers to its own listeners: one per channel, each closer kept as it is made. */
async function startPglite(client: NonNullable<Database['client']>, handlers: Map<string, Handler>, closers: Closer[]) {
  for (const [channel, handler] of handlers) {
    closers.push(await client.listen(channel, handler));
  }
}

/**
 * PostgreSQL LISTEN for the process: modules subscribe to channels (`on`), and NOTIFY payloads,
 * delivered only when their transaction commits, reach the handler on every API process. PGlite
 * delivers to its own listeners; on PostgreSQL one pooled connection is held for all channels and
 * re-opened after a connection loss (announcements in between are missed; the app's slow poll and
 * its refetch on reconnect cover them, and `onState` tells who must know: the session cache).
 * `sync` waits until every announcement committed before it has been handled.
 */
export function createListener(database: Database, log: Log) {
  const handlers = new Map<string, Handler>();
  const states: StateHandler[] = [];
  const tell: StateHandler = (listening) => {
    for (const s of states) {
      s(listening);
    }
  };
  const closers: Closer[] = [];
  let started = false;
  let sync = (): Promise<void> => Promise.resolve();
  return {
    /** Subscribes a channel (before `start`); its handler gets each payload. */
    on(channel: string, handler: Handler) {
      if (started) {
        throw new Error(`listen ${channel}: subscribe before the listener starts`);
      }
      handlers.set(channel, handler);
    },
    /** Told each time the listener starts listening (true) and stops or loses its connection (false). */
    onState(handler: StateHandler) {
      states.push(handler);
    },
    async start() {
      started = true;
      if (database.client) {
        await startPglite(database.client, handlers, closers);
        tell(true);
        closers.push(async () => tell(false));
      } else {
        const pg = await startPostgres(database, handlers, log, tell);
        closers.push(pg.close);
        sync = pg.sync;
      }
    },
    /**
     * Resolves once every announcement committed before the call has reached its handler (on
     * PostgreSQL a NOTIFY of the process's own comes back behind them; PGlite delivers before the
     * writer goes on). Without a connection it resolves at once: `onState` said so.
     */
    sync: () => sync(),
    async close() {
      for (const close of closers.splice(0)) {
        await close();
      }
    },
  };
}

export type Listener = ReturnType<typeof createListener>;
