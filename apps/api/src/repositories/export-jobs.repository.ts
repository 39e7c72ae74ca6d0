import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/client.ts';
import { exportJobs } from '../db/schema/system.ts';

/** The report exports of lib/export-jobs.ts: one row per export asked for, readable by the user who asked. */
export type ExportJobRecord = typeof exportJobs.$inferSelect;

/** One export by id (the job's own read). */
export async function exportJobById(db: DbOrTx, id: number): Promise<ExportJobRecord | undefined> {
  const [row] = await db.select().from(exportJobs).where(eq(exportJobs.id, id));
  return row;
}

/** Records an export's progress or outcome. */
export async function setExportJob(db: DbOrTx, id: number, set: Partial<typeof exportJobs.$inferInsert>): Promise<void> {
  await db.update(exportJobs).set(set).where(eq(exportJobs.id, id));
}

/** Keeps a new export; answers its row. */
export async function insertExportJob(db: DbOrTx, values: typeof exportJobs.$inferInsert): Promise<ExportJobRecord> {
  const [made] = await db.insert(exportJobs).values(values).returning();
  return made as ExportJobRecord;
}

/** One of the user's own exports. */
export const userExportJobQuery = (db: DbOrTx, userId: number, id: number) =>
  db
    .select()
    .from(exportJobs)
    .where(and(eq(exportJobs.id, id), eq(exportJobs.userId, userId)));

export async function userExportJob(db: DbOrTx, userId: number, id: number): Promise<ExportJobRecord | undefined> {
  const [row] = await userExportJobQuery(db, userId, id);
  return row;
}

/** The user's recent exports, newest first. */
export const userExportJobsQuery = (db: DbOrTx, userId: number) =>
  db.select().from(exportJobs).where(eq(exportJobs.userId, userId)).orderBy(desc(exportJobs.id)).limit(20);

export function userExportJobs(db: DbOrTx, userId: number): Promise<ExportJobRecord[]> {
  return userExportJobsQuery(db, userId);
}

/** Exports older than `days`, `limit` of them, with their files' keys. */
export function exportJobsOlderThan(db: DbOrTx, days: number, limit: number) {
  return db
    .select({ id: exportJobs.id, key: exportJobs.storageKey })
    .from(exportJobs)
    .where(sql`${exportJobs.createdAt} < now() - make_interval(days => ${days})`)
    .limit(limit);
}

export async function deleteExportJobs(db: DbOrTx, ids: number[]): Promise<void> {
  await db.delete(exportJobs).where(inArray(exportJobs.id, ids));
}
