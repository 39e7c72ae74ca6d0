import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Database } from '../apps/api/src/db/client.ts';
import type { Picks } from './lists-scenarios.ts';
import { type SeedSize, seedStatements } from './lists-seed.ts';

/** The PostgreSQL database the lists bench makes for itself (never the test suites' `test`). */
export const BENCH_DB = 'freightdesk_bench_lists';

type Rows = { rows: Record<string, unknown>[] };

/** The dispatcher of the carrier with the most orders (pickScenarioData makes it), with the demo password. */
export const BENCH_CARRIER_LOGIN = 'dispatch@bench.test';

/**
 * The lists bench's database: `freightdesk_bench_lists` on the PostgreSQL of DATABASE_URL (default
 * postgres://postgres@127.0.0.1:5432/test, used only to create and drop it), or PGlite in a
 * temporary folder, which the API process opens after the setup (one process at a time holds it).
 * `reuse` keeps a PostgreSQL database a previous run left with `keep` (no seeding again). `dir`
 * (PGlite) is a folder of the caller's, kept after the run and reused when it holds a database.
 */
export async function openListsDatabase(pg: boolean, opts: { reuse: boolean; dir?: string }) {
  const { openPglite, openPostgres } = await import('../apps/api/src/db/client.ts');
  const { default: pgLib } = await import('pg');
  const adminUrl = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
  const admin = async <T>(fn: (c: InstanceType<typeof pgLib.Client>) => Promise<T>) => {
    const c = new pgLib.Client({ connectionString: adminUrl });
    await c.connect();
    try {
      return await fn(c);
    } finally {
      await c.end();
    }
  };
  const dir = pg ? null : (opts.dir ?? mkdtempSync(path.join(tmpdir(), 'fd-bench-lists-')));
  let url: string | null = null;
  let existing = Boolean(dir && existsSync(path.join(dir, 'PG_VERSION')));
  if (pg) {
    existing = await admin(async (c) => (await c.query('select 1 from pg_database where datname = $1', [BENCH_DB])).rowCount === 1);
    if (existing && !opts.reuse) {
      await admin((c) => c.query(`drop database ${BENCH_DB} with (force)`));
      existing = false;
    }
    if (!existing) {
      await admin((c) => c.query(`create database ${BENCH_DB}`));
    }
    const u = new URL(adminUrl);
    u.pathname = `/${BENCH_DB}`;
    url = u.toString();
  }
  const open = (): Promise<Database> => (url ? openPostgres(url) : openPglite(dir ?? ''));
  const version = pg ? await admin(async (c) => (await c.query(`select current_setting('server_version') as v`)).rows[0]?.v as string) : '';
  return {
    name: pg ? `PostgreSQL ${version.split(' ')[0]}` : 'PGlite (in a folder)',
    url,
    env: (url ? { DATABASE_URL: url } : { DATA_DIR: dir ?? '' }) as Record<string, string>,
    /** Was a seeded database there already (`reuse`)? */
    seeded: existing,
    open,
    async drop() {
      if (url) {
        await admin((c) => c.query(`drop database if exists ${BENCH_DB} with (force)`));
      }
      if (dir && !opts.dir) {
        rmSync(dir, { recursive: true, force: true });
      }
    },
  };
}

/**
 * The finished loads' emission figures, as the app's recurring job keeps them (record 0308): made
 * here, with the job's own code, so the API does not work through a backlog of them while it is
 * measured (a site that has run a while has none).
 */
async function storeAllFigures(database: Database, log: (line: string) => void) {
  const { storeFinishedFigures } = await import('../apps/api/src/modules/emissions/emissions.service.ts');
  const started = Date.now();
  let stored = 0;
  for (let n = await storeFinishedFigures(database.db, 2000); n > 0; n = await storeFinishedFigures(database.db, 2000)) {
    stored += n;
  }
  log(`stored ${stored.toLocaleString('en-IN')} finished loads' emission figures in ${((Date.now() - started) / 1000).toFixed(0)} s`);
}

/** Migrates, loads the demo accounts and the bulk data, then vacuums (as autovacuum would have) and analyses. */
export async function seedListsDatabase(
  database: Database,
  url: string | null,
  size: SeedSize,
  log: (line: string) => void,
): Promise<void> {
  const { ensureReferenceData } = await import('../apps/api/src/db/open.ts');
  const { seedDemo } = await import('../apps/api/src/db/seed/demo.ts');
  const { default: pg } = await import('pg');
  await database.migrate();
  await ensureReferenceData(database.db);
  await seedDemo(database.db);
  const main = await demoShipper(database);
  const started = Date.now();
  // One connection for the whole seed (its temporary tables), without the app pool's statement timeout.
  const client = url ? new pg.Client({ connectionString: url }) : null;
  await client?.connect();
  const run = (statement: string) => (client ? client.query(statement) : database.client?.exec(statement));
  try {
    for (const statement of seedStatements(main, size)) {
      await run(statement);
    }
    await storeAllFigures(database, log);
    await run('vacuum analyze');
  } finally {
    await client?.end();
  }
  log(
    `seeded ${size.orders.toLocaleString('en-IN')} orders, ${size.requests.toLocaleString('en-IN')} requests in ${((Date.now() - started) / 1000).toFixed(0)} s`,
  );
}

async function demoShipper(database: Database): Promise<number> {
  const { sql } = await import('drizzle-orm');
  const { rows } = (await database.db.execute(sql`select id from industries where name = 'Demo Industries'`)) as unknown as Rows;
  return Number(rows[0]?.id);
}

const day = (d: Date) => new Date(d.getTime() + 5.5 * 3_600_000).toISOString().slice(0, 10);

/** What the scenarios ask for, read from the data: a plant with a few thousand delivered orders, a week a year back, a number. */
export async function pickScenarioData(database: Database): Promise<Picks> {
  const { sql } = await import('drizzle-orm');
  const industryId = await demoShipper(database);
  const q = async (text: ReturnType<typeof sql>) => ((await database.db.execute(text)) as unknown as Rows).rows;
  const plants = await q(sql`select plant_id, count(*)::int as n from orders
    where industry_id = ${industryId} and request_type = 1 and status = 'delivered' group by plant_id order by n desc`);
  const plant = plants.find((p) => Number(p.n) <= 6000) ?? plants[0];
  const [newest] = await q(sql`select max(pickup_at) as at from orders where industry_id = ${industryId}`);
  const from = new Date(new Date(String(newest?.at)).getTime() - 365 * 86_400_000);
  const weekFrom = day(from);
  const weekTo = day(new Date(from.getTime() + 6 * 86_400_000));
  const [order] = await q(sql`select number from orders where industry_id = ${industryId} and request_type = 1
    order by id desc offset 1000 limit 1`);
  const start = new Date(`${weekFrom}T00:00:00+05:30`);
  // The first row of page 1999 (25 rows a page): where the web app's cursor for page 2000 points.
  const [deep] = await q(sql`select id from orders where industry_id = ${industryId} and request_type = 1
    order by id desc offset ${1998 * 25} limit 1`);
  // The carrier with the most orders, and a dispatcher of its to log in as (made once, with the demo password).
  const [carrier] = await q(sql`select ic.carrier_id, count(*)::int as n from orders o
    join industry_carriers ic on ic.id = o.industry_carrier_id group by ic.carrier_id order by n desc limit 1`);
  await database.db.execute(sql`insert into users (user_type, name, email, password_hash, carrier_id)
    select 2, 'Bench Dispatcher', ${BENCH_CARRIER_LOGIN}, password_hash, ${Number(carrier?.carrier_id)} from users where email = 'owner@demo.test'
    on conflict (email) do update set carrier_id = excluded.carrier_id`);
  return {
    industryId,
    plantId: Number(plant?.plant_id),
    weekFrom,
    weekTo,
    weekStart: start.toISOString(),
    weekEnd: new Date(start.getTime() + 7 * 86_400_000).toISOString(),
    orderNumber: String(order?.number),
    page1999FirstId: Number(deep?.id),
    carrierId: Number(carrier?.carrier_id),
  };
}

/**
 * The lists bench's data for a bench that reads it through the API (exports, reports): the
 * database opened (or reused), the machine described, the orders seeded when it is new (a tenth as
 * many requests, 80% of both the demo shipper's).
 */
export async function seededListsDatabase(pg: boolean, opts: { reuse: boolean; orders: number }) {
  const os = await import('node:os');
  const db = await openListsDatabase(pg, { reuse: opts.reuse });
  const cpus = os.cpus();
  console.log(
    `machine: ${cpus.length} cores (${cpus[0]?.model.trim()}), ${Math.round(os.totalmem() / 2 ** 30)} GiB, Node ${process.version}; ${db.name}`,
  );
  if (!db.seeded) {
    const database = await db.open();
    try {
      const size = { orders: opts.orders, requests: Math.round(opts.orders / 10), others: 20, mainShare: 0.8 };
      await seedListsDatabase(database, db.url, size, console.log);
    } finally {
      await database.close();
    }
  }
  return db;
}

/** The API as npm start runs it (compiled, or `tsx`) on the bench's database, without demo freight or the OsmAnd port. */
export async function startBenchApi(env: Record<string, string>, tsx: boolean) {
  const { freePort } = await import('../apps/api/src/test/api-process.ts');
  const { startApiServer } = await import('./api-server.ts');
  return startApiServer({ ...env, DEMO_DATA: '0', TRACKING_PORT: '0' }, { tsx, port: await freePort() });
}
