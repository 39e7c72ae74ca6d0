import { type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/client.ts';
import { rowsOf } from '../db/rows.ts';

/**
 * The statements of the positions' retention (issue 32): weekly partitions of `positions` made and
 * dropped on PostgreSQL, old positions deleted in batches on PGlite. No viewer: a job runs them.
 */

/** Is `positions` partitioned here (PostgreSQL), or one table (PGlite)? */
export async function positionsPartitioned(db: DbOrTx): Promise<boolean> {
  const [row] = rowsOf<{ kind: string }>(await db.execute(sql`select relkind as kind from pg_class where relname = 'positions'`));
  return row?.kind === 'p';
}

/** The names of the partitions of `positions`. */
export async function positionPartitions(db: DbOrTx): Promise<Set<string>> {
  return new Set(
    rowsOf<{ name: string }>(
      await db.execute(sql`select c.relname as name from pg_inherits i join pg_class c on c.oid = i.inhrelid
        join pg_class p on p.oid = i.inhparent where p.relname = 'positions'`),
    ).map((r) => r.name),
  );
}

/** Makes the partition `name` of the week from `week` to `to`. */
export async function createPositionPartition(db: DbOrTx, name: string, week: Date, to: Date): Promise<void> {
  await db.execute(
    sql.raw(
      `create table if not exists "${name}" partition of positions for values from ('${week.toISOString()}') to ('${to.toISOString()}')`,
    ),
  );
}

export async function dropPositionPartition(db: DbOrTx, name: string): Promise<void> {
  await db.execute(sql.raw(`drop table if exists "${name}"`));
}

/** Deletes up to `batch` positions older than `cutoff`. */
export const deleteOldPositionsStatement = (cutoff: Date, batch: number): SQL => sql`
      delete from positions where (id, fix_time) in (
        select id, fix_time from positions where fix_time < ${cutoff.toISOString()}::timestamptz limit ${batch})`;

/** Deletes up to `batch` positions older than `cutoff`; answers how many went. */
export async function deleteOldPositions(db: DbOrTx, cutoff: Date, batch: number): Promise<number> {
  const result = await db.execute(deleteOldPositionsStatement(cutoff, batch));
  return (
    (result as unknown as { affectedRows?: number; rowCount?: number }).affectedRows ??
    (result as unknown as { rowCount?: number }).rowCount ??
    0
  );
}
