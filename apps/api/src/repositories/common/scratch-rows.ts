import { randomBytes } from 'node:crypto';
import { type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';

/**
 * A query's rows read back in batches after one run: written in their order to a scratch table
 * (unlogged, named export_rows_<unix seconds>_<random>), then read in keyset batches and dropped.
 * For results that have no key to page by (a grouped report) and may be too many to hold in
 * memory: the query is never re-run per batch. Works on PostgreSQL's pool (the table is not a
 * session's) and on PGlite alike.
 */
const PREFIX = 'export_rows_';
/** Scratch tables older than this are left over from a stopped process (an export runs at most 15 minutes). */
const LEFT_OVER_SECONDS = 3600;

type Row = Record<string, unknown>;
const rowsOf = (result: unknown) => (result as { rows: Row[] }).rows;

/** The batches of `query`'s rows; `counted` hears how many there are once they are written, before the first batch. */
export async function* scratchRows(db: DbOrTx, query: SQL, size: number, counted?: (rows: number) => Promise<void>): AsyncGenerator<Row[]> {
  const table = sql.identifier(`${PREFIX}${Math.floor(Date.now() / 1000)}_${randomBytes(6).toString('hex')}`);
  await db.execute(sql`create unlogged table ${table} as select row_number() over () as "__seq", ordered.* from (${query}) ordered`);
  try {
    if (counted) {
      const [row] = rowsOf(await db.execute(sql`select count(*)::int as n from ${table}`));
      await counted(Number(row?.n ?? 0));
    }
    for (let after = 0; ; ) {
      const rows = rowsOf(await db.execute(sql`select * from ${table} where "__seq" > ${after} order by "__seq" limit ${size}`));
      if (rows.length) {
        after = Number(rows.at(-1)?.__seq);
        yield rows;
      }
      if (rows.length < size) {
        return;
      }
    }
  } finally {
    await db.execute(sql`drop table if exists ${table}`);
  }
}

/** Housekeeping: drops the scratch tables a stopped process left; answers how many. */
export async function dropLeftOverScratch(db: DbOrTx, now = Date.now()): Promise<number> {
  const tables = rowsOf(
    await db.execute(sql`select tablename from pg_tables where schemaname = current_schema() and tablename like ${`${PREFIX}%`}`),
  );
  let dropped = 0;
  for (const { tablename } of tables) {
    const name = String(tablename);
    const made = Number(name.slice(PREFIX.length).split('_')[0]);
    if (Number.isFinite(made) && made < now / 1000 - LEFT_OVER_SECONDS) {
      await db.execute(sql`drop table if exists ${sql.identifier(name)}`);
      dropped += 1;
    }
  }
  return dropped;
}
