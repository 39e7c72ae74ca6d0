import { mkdirSync } from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import type { ExtractTablesWithRelations } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { readPgliteRowsFaster } from '../lib/pglite-rows.ts';

type NoSchema = Record<string, never>;
/** The Drizzle database, whichever driver is underneath. */
export type Db = PgDatabase<PgQueryResultHKT, NoSchema, ExtractTablesWithRelations<NoSchema>>;
export type Tx = PgTransaction<PgQueryResultHKT, NoSchema, ExtractTablesWithRelations<NoSchema>>;
/** Either the database or an open transaction: repositories accept both. */
export type DbOrTx = Db | Tx;

export type Database = {
  db: Db;
  /**
   * For report work (summary reports, exports): on PostgreSQL a small pool of its own whose
   * statements may run for REPORT_TIMEOUTS, so a report over years of orders answers rather than
   * meeting the API's statement timeout, while its few connections can never take the pool the
   * rest of the API uses. On PGlite the one connection.
   */
  reports: Db;
  /** The PGlite instance, for snapshots in tests. */
  client?: PGlite;
  kind: 'pglite' | 'postgres';
  /** Is the database newly created by this process (an empty embedded data dir)? */
  fresh: boolean;
  migrate: () => Promise<void>;
  close: () => Promise<void>;
};

export const MIGRATIONS_DIR = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');

/** Opens PGlite in `dataDir`, or in memory when dataDir is `memory://` (optionally from a saved snapshot). */
export async function openPglite(dataDir: string, snapshot?: Blob): Promise<Database> {
  const inMemory = dataDir.startsWith('memory://');
  let fresh = inMemory;
  if (!inMemory) {
    mkdirSync(dataDir, { recursive: true });
    const { existsSync } = await import('node:fs');
    fresh = !existsSync(path.join(dataDir, 'PG_VERSION'));
  }
  // Result rows read without a TextDecoder call per field (lib/pglite-rows.ts).
  readPgliteRowsFaster();
  // pg_trgm backs the lists' number search (migration 0023 creates it; every open must load it).
  const client = await PGlite.create(inMemory ? undefined : dataDir, {
    extensions: { pg_trgm },
    ...(snapshot ? { loadDataDir: snapshot } : {}),
  });
  // PGlite is one session: the setting holds for every statement of this instance.
  await client.exec(`set random_page_cost = ${RANDOM_PAGE_COST}`);
  const db = drizzlePglite(client) as unknown as Db;
  return {
    db,
    reports: db,
    client,
    kind: 'pglite',
    fresh,
    migrate: () => migratePglite(drizzlePglite(client), { migrationsFolder: MIGRATIONS_DIR }),
    close: () => client.close(),
  };
}

/**
 * The planner's cost of a page read out of order, for the app's own statements (PostgreSQL's main
 * pool and PGlite). The default, 4, models a spinning disk: with it PostgreSQL reads a small table
 * (plants, vehicle types) whole for each row of a list rather than by its primary key, and sorts a
 * bitmap scan for an order's first stop rather than reading the index in order. The tables the
 * lists read live in memory (PGlite) or on SSD and the page cache, for which 1.1 is the usual
 * value: the order rows of a 100-row page took 14.5 → 9.2 ms on PGlite with 100,000 orders. The
 * reports pool keeps the server's setting (its scans are large and sequential).
 */
export const RANDOM_PAGE_COST = '1.1';

/**
 * PostgreSQL timeouts, in ms. The issue asks for a 503 within 2 s when the database is
 * unreachable, so every wait on it ends well before that (docs/operations.md explains the values).
 */
export const PG_TIMEOUTS = {
  /** Opening a connection, and waiting for a free one in a full pool (pg uses one setting for both). */
  connect: 1500,
  /** Server side, per connection: PostgreSQL cancels a statement that runs longer (the request fails, the connection stays good). */
  statement: 1200,
  /**
   * Client side: a request PostgreSQL leaves unanswered this long means the link is gone (the
   * server would have answered by its statement timeout), so the connection is destroyed.
   */
  unanswered: 1500,
  /** Server side: a session idle inside a transaction this long is ended, freeing the locks of a client that vanished. */
  idleInTransaction: 10_000,
  /** TCP keepalive probes on idle connections (a silently dropped idle connection is found and replaced). */
  keepAliveDelay: 10_000,
} as const;

/**
 * How long a pooled PostgreSQL connection lives, in seconds: it is closed when next released after
 * that, and a new one opened on demand. A connection keeps every named statement it has prepared
 * (repositories/common/prepared.ts: one per list shape it ran) until it closes, so the lifetime bounds that set;
 * PGlite's instance bounds its own by count (PGLITE_STATEMENTS_KEPT).
 */
export const PG_CONNECTION_LIFETIME_SECONDS = 3600;

/**
 * The reports pool's (Database.reports): statement and unanswered timeouts, its size, and the
 * memory a sort or hash of a report may take before spilling to disk (a grouping of years of
 * orders by lane hashes in memory); two connections bound what reports can take.
 */
export const REPORT_TIMEOUTS = { statement: 30_000, unanswered: 35_000, connections: 2, workMem: '64MB' } as const;

/**
 * Destroys a connection whose request PostgreSQL leaves unanswered for `ms`. The socket's error
 * fails the query at once (and whatever waits behind it, such as a transaction's rollback), and pg
 * never hands a client with a dead socket out again. An idle connection (a LISTEN, a pooled one)
 * has nothing unanswered and is left alone.
 */
function destroyWhenUnanswered(socket: net.Socket, ms: number): void {
  let answered = socket.bytesWritten;
  socket.on('data', () => {
    answered = socket.bytesWritten;
  });
  // Fires after `ms` without reads or writes, and again after the next activity.
  socket.setTimeout(ms);
  socket.on('timeout', () => {
    if (socket.bytesWritten > answered) {
      socket.destroy(Object.assign(new Error(`PostgreSQL did not answer within ${ms} ms`), { code: 'ETIMEDOUT' }));
    }
  });
}

/**
 * pg and Drizzle's node-postgres driver, loaded with the first PostgreSQL connection: an embedded
 * (PGlite) start never loads them (issue 15, a tenth of a second of every start).
 */
async function loadPg() {
  const [{ default: pg }, { drizzle }, { migrate }] = await Promise.all([
    import('pg'),
    import('drizzle-orm/node-postgres'),
    import('drizzle-orm/node-postgres/migrator'),
  ]);
  // Numbers as PGlite gives them: a bigint (money in paise, counts) reads as a JS number rather
  // than pg's string, so raw SQL answers the same on both databases. Every bigint the platform
  // stores is far below 2^53 (amounts stop at ₹1,000 crore = 10^12 paise). Set on pg's global
  // parsers because Drizzle passes them with each query.
  pg.types.setTypeParser(pg.types.builtins.INT8, (v: string) => Number(v));
  return { pg, drizzleNodePg: drizzle, migrateNodePg: migrate };
}

/** Called once for each connection that fails (the pool discards it; a query on it fails). */
export type ConnectionErrorListener = (err: Error) => void;

/**
 * Opens a PostgreSQL pool. A lost or silent connection never crashes the process and never hangs
 * a call: the query on it fails (the API answers 503), the connection is discarded, and the next
 * call opens a new one. Migrations run on a connection of their own, without the timeouts.
 */
export async function openPostgres(
  url: string,
  onConnectionError?: ConnectionErrorListener,
  /** The main pool's timeouts: PG_TIMEOUTS, unless a caller (a test's setup) needs more patience. */
  timeouts: { [K in keyof typeof PG_TIMEOUTS]: number } = PG_TIMEOUTS,
): Promise<Database> {
  const { pg, drizzleNodePg } = await loadPg();
  const connectWithin = timeouts.connect;
  const openPool = (timeouts: { statement: number; unanswered: number; workMem?: string }, max: number, name: string) => {
    const pool = new pg.Pool({
      connectionString: url,
      // No JIT: its compiling costs a report 100–350 ms on this scale, more than it saves (docs/operations.md).
      // A report's pool sets its work_mem; the app's pool its page cost (RANDOM_PAGE_COST).
      options: `-c jit=off ${timeouts.workMem ? `-c work_mem=${timeouts.workMem}` : `-c random_page_cost=${RANDOM_PAGE_COST}`}`,
      application_name: name,
      max,
      connectionTimeoutMillis: connectWithin,
      idleTimeoutMillis: 10_000,
      maxLifetimeSeconds: PG_CONNECTION_LIFETIME_SECONDS,
      keepAlive: true,
      keepAliveInitialDelayMillis: PG_TIMEOUTS.keepAliveDelay,
      statement_timeout: timeouts.statement,
      idle_in_transaction_session_timeout: PG_TIMEOUTS.idleInTransaction,
    });
    // pg emits 'error' on a client whose socket breaks; while a transaction (or the LISTEN) holds
    // the client, the pool has no listener on it, and an 'error' event without one ends the process.
    pool.on('connect', (client) => {
      let reported = false;
      client.on('error', (err) => {
        if (!reported) {
          reported = true;
          onConnectionError?.(err);
        }
      });
      if (client.connection.stream instanceof net.Socket) {
        destroyWhenUnanswered(client.connection.stream, timeouts.unanswered);
      }
    });
    // The pool re-emits an idle client's error: already reported by the client's own listener above.
    pool.on('error', () => undefined);
    return pool;
  };
  const pool = openPool(timeouts, 10, 'freightdesk');
  // Opens no connection until a report asks.
  const reportPool = openPool(REPORT_TIMEOUTS, REPORT_TIMEOUTS.connections, 'freightdesk-reports');
  const db = drizzleNodePg(pool) as unknown as Db;
  return {
    db,
    reports: drizzleNodePg(reportPool) as unknown as Db,
    kind: 'postgres',
    fresh: false,
    migrate: () => migratePostgres(url, onConnectionError),
    close: async () => {
      await Promise.all([pool.end(), reportPool.end()]);
    },
  };
}

/** Applies the migrations on a connection of their own: a long one (an index on a big table) must not meet the statement timeout. */
async function migratePostgres(url: string, onConnectionError?: ConnectionErrorListener): Promise<void> {
  const { pg, drizzleNodePg, migrateNodePg } = await loadPg();
  const client = new pg.Client({
    connectionString: url,
    application_name: 'freightdesk-migrate',
    connectionTimeoutMillis: PG_TIMEOUTS.connect,
    keepAlive: true,
    keepAliveInitialDelayMillis: PG_TIMEOUTS.keepAliveDelay,
  });
  // A dropped connection fails the migration (openDatabase retries it), not the process.
  client.on('error', (err) => onConnectionError?.(err));
  await client.connect();
  try {
    await migrateNodePg(drizzleNodePg(client), { migrationsFolder: MIGRATIONS_DIR });
  } finally {
    await client.end().catch(() => undefined);
  }
}
