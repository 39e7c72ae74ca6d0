import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { rowsOf } from '../../db/rows.ts';

const DAY = 86_400_000;
const WEEK = 7 * DAY;
/** Partitions are made this far ahead of the clock (a missed day of the job changes nothing). */
const AHEAD_WEEKS = 4;
/** PGlite deletes this many positions per statement, yielding between statements. */
const DELETE_BATCH = 5000;

/** The Monday 00:00 UTC of the week holding `at` (PostgreSQL's date_trunc('week')). */
export function weekStart(at: Date): Date {
  const day = Date.UTC(at.getUTCFullYear(), at.getUTCMonth(), at.getUTCDate());
  const weekday = (new Date(day).getUTCDay() + 6) % 7;
  return new Date(day - weekday * DAY);
}

export const partitionName = (week: Date) => `positions_p${week.toISOString().slice(0, 10).replace(/-/g, '')}`;

/** Is `positions` partitioned here (PostgreSQL), or one table (PGlite)? */
async function partitioned(database: Database): Promise<boolean> {
  const [row] = rowsOf<{ kind: string }>(await database.db.execute(sql`select relkind as kind from pg_class where relname = 'positions'`));
  return row?.kind === 'p';
}

/**
 * Keeps the weekly partitions of `positions` from the retention's start to four weeks ahead, and
 * drops whole partitions that end before the retention's start (no row-by-row delete, no bloat).
 * On PGlite it deletes old positions in batches instead. Answers what it made and removed.
 */
export async function maintainPositions(
  database: Database,
  retentionDays: number,
  now = new Date(),
): Promise<{ created: string[]; dropped: string[]; deleted: number }> {
  const cutoff = new Date(now.getTime() - retentionDays * DAY);
  if (!(await partitioned(database))) {
    return { created: [], dropped: [], deleted: await deleteBatches(database, cutoff) };
  }
  const db = database.db;
  const existing = new Set(
    rowsOf<{ name: string }>(
      await db.execute(sql`select c.relname as name from pg_inherits i join pg_class c on c.oid = i.inhrelid
        join pg_class p on p.oid = i.inhparent where p.relname = 'positions'`),
    ).map((r) => r.name),
  );
  const created: string[] = [];
  for (let week = weekStart(cutoff); week.getTime() < now.getTime() + AHEAD_WEEKS * WEEK; week = new Date(week.getTime() + WEEK)) {
    const name = partitionName(week);
    if (!existing.has(name)) {
      const to = new Date(week.getTime() + WEEK);
      await db.execute(
        sql.raw(
          `create table if not exists "${name}" partition of positions for values from ('${week.toISOString()}') to ('${to.toISOString()}')`,
        ),
      );
      created.push(name);
    }
  }
  const dropped: string[] = [];
  for (const name of existing) {
    const m = /^positions_p(\d{4})(\d{2})(\d{2})$/.exec(name);
    const end = m ? Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])) + WEEK : Number.POSITIVE_INFINITY;
    if (end <= cutoff.getTime()) {
      await db.execute(sql.raw(`drop table if exists "${name}"`));
      dropped.push(name);
    }
  }
  return { created, dropped, deleted: 0 };
}

async function deleteBatches(database: Database, cutoff: Date): Promise<number> {
  let deleted = 0;
  for (let i = 0; i < 200; i++) {
    const result = await database.db.execute(sql`
      delete from positions where (id, fix_time) in (
        select id, fix_time from positions where fix_time < ${cutoff.toISOString()}::timestamptz limit ${DELETE_BATCH})`);
    const n =
      (result as unknown as { affectedRows?: number; rowCount?: number }).affectedRows ??
      (result as unknown as { rowCount?: number }).rowCount ??
      0;
    deleted += n;
    await new Promise((resolve) => setImmediate(resolve));
    if (n < DELETE_BATCH) {
      break;
    }
  }
  return deleted;
}
