import type { FastifyBaseLogger } from 'fastify';
import type { ExportView } from '@freightdesk/shared/schemas/report';
import type { SQL } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import {
  deleteExportJobs,
  type ExportJobRecord,
  exportJobById,
  exportJobsOlderThan,
  insertExportJob,
  setExportJob,
  userExportJob,
  userExportJobs,
} from '../repositories/export-jobs.repository.ts';
import { dropLeftOverScratch } from '../repositories/common/scratch-rows.ts';
import { type AuthUser, viewerById } from './access.ts';
import { AppError, badRequest, forbidden, notFound } from './errors.ts';
import type { ExportFormat } from './export.ts';
import { type ReportDef, reportByName, reportOf, toView } from './export-reports.ts';
import type { Purge } from './housekeeping.ts';
import { type JobContext, type JobRunner, scheduleJob } from './jobs.ts';
import { indiaToday } from './india-time.ts';
import { notify } from './notify.ts';
import { newStorageKey, type Storage } from './storage.ts';
import { writeReport } from './export-writer.ts';
import { indianNumber } from '@freightdesk/shared/indian-number';

export { type ReportDef, registerReport, reportNames } from './export-reports.ts';

export const EXPORT_JOB = 'export';
/** Rows read and written per batch; progress is saved after each. */
export const EXPORT_BATCH = 250;
/** Characters of CSV written at a time. */
/** How often a running export saves its progress. */
const PROGRESS_EVERY_MS = 250;
/** An export's file is kept this long, then its row and file go. */
export const EXPORT_KEEP_DAYS = 7;

type Deps = {
  db: Db;
  /** Runs the reports' own queries (Database.reports: longer timeouts, a pool of its own). */
  reports: Db;
  jobs: JobRunner;
  storage: Storage;
  log: Pick<FastifyBaseLogger, 'warn' | 'error'>;
};
type Written = Awaited<ReturnType<typeof writeReport>>;

async function failExport(db: Db, id: number, error: string) {
  await setExportJob(db, id, { status: 'failed', error, finishedAt: new Date() });
}

/** The export job: the policy checked again for the user who asked, then the file produced. */
async function runExport(deps: Deps, payload: Record<string, unknown>, job: JobContext) {
  const { db } = deps;
  const id = Number(payload.id);
  const row = await exportJobById(db, id);
  if (!row || row.status === 'done') {
    return;
  }
  const def = reportByName(row.report);
  const viewer = await viewerById(db, row.userId);
  const params = def?.params.safeParse(row.params);
  const scope = def && viewer && params?.success ? def.scope(viewer, params.data) : null;
  if (!def || !scope || !params?.success) {
    await failExport(db, id, 'You may no longer export this report.');
    return;
  }
  await produceExport(deps, job, row, def, scope, params.data);
}

/** Writes the export's file and records it done, or removes what it wrote and records it failed. */
async function produceExport<P, Row>(deps: Deps, job: JobContext, row: ExportJobRecord, def: ReportDef<P, Row>, scope: SQL, params: P) {
  const { db, storage, log } = deps;
  const id = row.id;
  await setExportJob(db, id, { status: 'running', rowsDone: 0 });
  const key = newStorageKey('exports');
  const day = indiaToday();
  try {
    const written = await writeExportFile(deps, job, row, def, scope, params, key);
    await finishExport(db, row, def, written, key, day);
  } catch (err) {
    await storage.delete(key).catch(() => undefined);
    log.error({ err, exportId: id }, 'export failed');
    await failExport(db, id, 'The export could not be finished. Try again; if it fails again, narrow the filters.');
  }
}

/** Streams the report's batches into the file under `key`, saving the progress as it goes. */
async function writeExportFile<P, Row>(
  { db, reports, storage }: Deps,
  job: JobContext,
  row: ExportJobRecord,
  def: ReportDef<P, Row>,
  scope: SQL,
  params: P,
  key: string,
): Promise<Written> {
  const id = row.id;
  let savedAt = 0;
  // The estimate for the progress bar is the job's first step: asking for an export answers at once.
  const total = async (rowsTotal: number) => {
    await setExportJob(db, id, { rowsTotal });
  };
  if (def.estimate) {
    await total(await def.estimate(reports, scope, params));
  }
  return writeReport(
    storage,
    key,
    row.format,
    def.label,
    typeof def.columns === 'function' ? def.columns(params) : def.columns,
    def.batches(reports, scope, params, EXPORT_BATCH, total),
    async (rows) => {
      if (job.signal.aborted) {
        throw new Error('The export was stopped.');
      }
      // The progress bar moves a few times a second; saving it after every batch would cost a write per batch.
      if (Date.now() - savedAt >= PROGRESS_EVERY_MS) {
        savedAt = Date.now();
        await setExportJob(db, id, { rowsDone: rows });
      }
    },
  );
}

/** Records the export done and tells its user, in one transaction. */
async function finishExport<P, Row>(db: Db, row: ExportJobRecord, def: ReportDef<P, Row>, written: Written, key: string, day: string) {
  const id = row.id;
  const rowsDone = Math.max(0, written.rows - (def.trailerRows ?? 0));
  const fileName = `${row.report}-${day}.${row.format}`;
  await db.transaction(async (tx) => {
    await setExportJob(tx, id, { status: 'done', rowsDone, storageKey: key, fileName, bytes: written.bytes, finishedAt: new Date() });
    await notify(tx, [row.userId], {
      title: 'Export ready',
      msg: `${def.label}: ${indianNumber(rowsDone)} ${rowsDone === 1 ? 'row' : 'rows'} as ${row.format.toUpperCase()}. Download it from Reports.`,
      type: 'report',
      referId: id,
      requestType: 1,
    });
  });
}

/** Asks for an export: 403 when the policy refuses, 400 naming a bad filter; the job starts at once. */
async function startExport(
  db: Db,
  viewer: AuthUser,
  input: { report: string; format: ExportFormat; params: unknown },
): Promise<ExportView> {
  const def = reportOf(input.report);
  const parsed = def.params.safeParse(input.params ?? {});
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw badRequest(`params.${issue?.path.join('.') ?? ''}`.replace(/\.$/, ''), issue?.message ?? 'Invalid filter');
  }
  const scope = def.scope(viewer, parsed.data);
  if (!scope) {
    throw forbidden(def.refused);
  }
  const row = await db.transaction(async (tx) => {
    const created = await insertExportJob(tx, {
      userId: viewer.id,
      report: def.name,
      format: input.format,
      params: parsed.data as Record<string, unknown>,
    });
    await scheduleJob(tx, EXPORT_JOB, `${EXPORT_JOB}:${created.id}`, new Date(), { id: created.id });
    return created;
  });
  return toView(row);
}

async function usersExport(db: Db, viewer: AuthUser, id: number): Promise<ExportJobRecord> {
  const row = await userExportJob(db, viewer.id, id);
  if (!row) {
    throw notFound('Export');
  }
  return row;
}

/** A finished export's file, for the user who asked for it; 409 while it is not ready. */
async function exportFile(db: Db, storage: Storage, viewer: AuthUser, id: number) {
  const row = await usersExport(db, viewer, id);
  if (row.status !== 'done' || !row.storageKey) {
    throw new AppError(
      409,
      'EXPORT_NOT_READY',
      row.status === 'failed' ? (row.error ?? 'The export failed.') : 'The export is not ready yet.',
    );
  }
  return {
    stream: await storage.get(row.storageKey),
    fileName: row.fileName ?? `${row.report}.${row.format}`,
    format: row.format,
    bytes: row.bytes,
  };
}

/** Housekeeping: exports older than EXPORT_KEEP_DAYS go, file and row; scratch tables a stopped export left too. */
async function purgeExports(storage: Storage, database: Db, limit: number) {
  await dropLeftOverScratch(database);
  const old = await exportJobsOlderThan(database, EXPORT_KEEP_DAYS, limit);
  for (const row of old) {
    if (row.key) {
      await storage.delete(row.key);
    }
  }
  if (old.length) {
    await deleteExportJobs(
      database,
      old.map((r) => r.id),
    );
  }
  return old.length;
}

/**
 * Report exports as durable background jobs: asked for (the policy checked; the answer is at once),
 * run by the job runner (which survives restarts; its first step estimates the rows for the progress
 * bar), streamed batch by batch into a file with the progress saved after each batch, then a
 * notification with the download. Only the user who asked may read its progress and download the
 * file; the policy is checked again when the job runs.
 */
export function createExportJobs(deps: Deps) {
  const { db, jobs, storage } = deps;
  jobs.register(EXPORT_JOB, (payload, job) => runExport(deps, payload, job), { timeoutMs: 15 * 60_000, maxAttempts: 1 });
  return {
    /** Asks for an export: 403 when the policy refuses, 400 naming a bad filter; the job starts at once. */
    start: (viewer: AuthUser, input: { report: string; format: ExportFormat; params: unknown }) => startExport(db, viewer, input),
    get: async (viewer: AuthUser, id: number): Promise<ExportView> => toView(await usersExport(db, viewer, id)),
    /** The user's recent exports, newest first. */
    list: async (viewer: AuthUser): Promise<ExportView[]> => (await userExportJobs(db, viewer.id)).map(toView),
    file: (viewer: AuthUser, id: number) => exportFile(db, storage, viewer, id),
    /** Housekeeping: exports older than EXPORT_KEEP_DAYS go, file and row; scratch tables a stopped export left too. */
    purge: ((database, limit) => purgeExports(storage, database, limit)) satisfies Purge,
  };
}
export type ExportJobs = ReturnType<typeof createExportJobs>;
