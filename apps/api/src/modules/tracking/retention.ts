import type { Database } from '../../db/client.ts';
import {
  createPositionPartition,
  deleteOldPositions,
  dropPositionPartition,
  positionPartitions,
  positionsPartitioned,
} from '../../repositories/tracking-retention.repository.ts';

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
  if (!(await positionsPartitioned(database.db))) {
    return { created: [], dropped: [], deleted: await deleteBatches(database, cutoff) };
  }
  const db = database.db;
  const existing = await positionPartitions(db);
  const created: string[] = [];
  for (let week = weekStart(cutoff); week.getTime() < now.getTime() + AHEAD_WEEKS * WEEK; week = new Date(week.getTime() + WEEK)) {
    const name = partitionName(week);
    if (!existing.has(name)) {
      const to = new Date(week.getTime() + WEEK);
      await createPositionPartition(db, name, week, to);
      created.push(name);
    }
  }
  const dropped: string[] = [];
  for (const name of existing) {
    const m = /^positions_p(\d{4})(\d{2})(\d{2})$/.exec(name);
    const end = m ? Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])) + WEEK : Number.POSITIVE_INFINITY;
    if (end <= cutoff.getTime()) {
      await dropPositionPartition(db, name);
      dropped.push(name);
    }
  }
  return { created, dropped, deleted: 0 };
}

async function deleteBatches(database: Database, cutoff: Date): Promise<number> {
  let deleted = 0;
  for (let i = 0; i < 200; i++) {
    const n = await deleteOldPositions(database.db, cutoff, DELETE_BATCH);
    deleted += n;
    await new Promise((resolve) => setImmediate(resolve));
    if (n < DELETE_BATCH) {
      break;
    }
  }
  return deleted;
}
