import { randomBytes } from 'node:crypto';

/**
 * The database a benchmark runs on: PGlite in memory (or in the folder `pgliteDir`, for an API
 * process of its own to open after the setup), or (with `pg`) a new temporary database on
 * the PostgreSQL of DATABASE_URL (default postgres://postgres@127.0.0.1:5432/test), dropped by
 * `drop`. `name` says which, with the server's version, for the printed figures; `url` is the
 * temporary database's address (null on PGlite).
 */
export async function openBenchDatabase(pgWanted: boolean, prefix: string, pgliteDir = 'memory://') {
  const { openPglite, openPostgres } = await import('../apps/api/src/db/client.ts');
  if (!pgWanted) {
    const name = pgliteDir === 'memory://' ? 'PGlite (in memory)' : 'PGlite (in a folder)';
    return { name, url: null, database: await openPglite(pgliteDir), drop: async () => {} };
  }
  const { default: pg } = await import('pg');
  const adminUrl = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
  const dbName = `${prefix}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${dbName}`);
  const version = (await admin.query<{ v: string }>(`select current_setting('server_version') as v`)).rows[0]?.v ?? '';
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${dbName}`;
  return {
    name: `PostgreSQL ${version.split(' ')[0]}`,
    url: url.toString(),
    database: await openPostgres(url.toString()),
    drop: async () => {
      const c = new pg.Client({ connectionString: adminUrl });
      await c.connect();
      await c.query(`drop database if exists ${dbName} with (force)`);
      await c.end();
    },
  };
}

/** The value below which `p` per cent of the sorted values lie. */
export const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;

/**
 * The app in this process on a bench's database: migrated, with the reference data and the demo
 * accounts, mails dropped (a bench's setup goes through the API as a shipper would).
 */
export async function demoAppOn(database: import('../apps/api/src/db/client.ts').Database) {
  const { buildApp } = await import('../apps/api/src/app.ts');
  const { loadConfig } = await import('../apps/api/src/config.ts');
  const { ensureReferenceData } = await import('../apps/api/src/db/open.ts');
  const { seedDemo } = await import('../apps/api/src/db/seed/demo.ts');
  await database.migrate();
  await ensureReferenceData(database.db);
  await seedDemo(database.db);
  return buildApp({ database, config: loadConfig({ LOG_LEVEL: 'silent' }), logger: false, mailer: { send: async () => {} } });
}
