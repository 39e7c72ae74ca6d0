import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import type { ExtractTablesWithRelations } from 'drizzle-orm';
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import { migrate as migrateNodePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';

type NoSchema = Record<string, never>;
/** The Drizzle database, whichever driver is underneath. */
export type Db = PgDatabase<PgQueryResultHKT, NoSchema, ExtractTablesWithRelations<NoSchema>>;
export type Tx = PgTransaction<PgQueryResultHKT, NoSchema, ExtractTablesWithRelations<NoSchema>>;
/** Either the database or an open transaction: repositories accept both. */
export type DbOrTx = Db | Tx;

export type Database = {
  db: Db;
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
  const client = await PGlite.create(inMemory ? undefined : dataDir, snapshot ? { loadDataDir: snapshot } : undefined);
  const db = drizzlePglite(client) as unknown as Db;
  return {
    db,
    client,
    kind: 'pglite',
    fresh,
    migrate: () => migratePglite(drizzlePglite(client), { migrationsFolder: MIGRATIONS_DIR }),
    close: () => client.close(),
  };
}

/** Opens a PostgreSQL pool. Connection errors never crash the process; queries fail instead. */
export async function openPostgres(url: string, onPoolError?: (err: Error) => void): Promise<Database> {
  const pool = new pg.Pool({
    connectionString: url,
    max: 10,
    connectionTimeoutMillis: 3000,
    idleTimeoutMillis: 10_000,
  });
  pool.on('error', (err) => onPoolError?.(err));
  const db = drizzleNodePg(pool) as unknown as Db;
  return {
    db,
    kind: 'postgres',
    fresh: false,
    migrate: () => migrateNodePg(drizzleNodePg(pool), { migrationsFolder: MIGRATIONS_DIR }),
    close: () => pool.end(),
  };
}
