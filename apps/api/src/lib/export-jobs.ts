import type { SQL } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { ExportView } from '@freightdesk/shared/schemas/report';
import type { z } from 'zod';
import type { Db, DbOrTx } from '../db/client.ts';
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
import { type AuthUser, viewerById } from './access.ts';
import { AppError, badRequest, forbidden, notFound } from './errors.ts';
import type { ExportColumn, ExportFormat } from './export.ts';
import type { Purge } from './housekeeping.ts';
import { type JobRunner, scheduleJob } from './jobs.ts';
import { indiaToday } from './india-time.ts';
import { notify } from './notify.ts';
import { dropLeftOverScratch } from '../repositories/common/scratch-rows.ts';
import { newStorageKey, type Storage } from './storage.ts';
import { writeReport } from './export-writer.ts';

/**
 * A report that can be exported: its filters, its columns, who may export it (the policy's export
 * rule, checked when asked and again when the job runs), an estimate of its rows for the progress
 * bar, and its rows in batches (keyset pages: never the whole result in memory).
 */
export type ReportDef<P, Row> = {
  name: string;
  label: string;
  params: z.ZodType<P>;
  /** The sheet's columns, or a function of the filters when they change with them (spend's grouping). */
  columns: ExportColumn<Row>[] | ((params: P) => ExportColumn<Row>[]);
  /** The policy's rule for the viewer, or null when the viewer may not export it. */
  scope: (viewer: AuthUser, params: P) => SQL | null;
  /** Why `scope` refused (the 403's message). */
  refused: string;
  /**
   * The rows to expect, for the progress bar, counted before the batches start; a report that learns
   * its count on the way (a summary, from its one run of the query) tells it to `batches`' `total` instead.
   */
  estimate?: (db: DbOrTx, scope: SQL, params: P) => Promise<number>;
  batches: (db: DbOrTx, scope: SQL, params: P, size: number, total: (rows: number) => Promise<void>) => AsyncIterable<Row[]>;
  /** Rows the batches end with that are not records (a summary's "Total"): not counted as rows. */
  trailerRows?: number;
};

// biome-ignore lint/suspicious/noExplicitAny: each report has its own params and rows
const REPORTS = new Map<string, ReportDef<any, any>>();
export function registerReport<P, Row>(def: ReportDef<P, Row>): void {
  REPORTS.set(def.name, def);
}
export const reportNames = () => [...REPORTS.keys()];

export const EXPORT_JOB = 'export';
/** Rows read and written per batch; progress is saved after each. */
export const EXPORT_BATCH = 250;
/** Characters of CSV written at a time. */
/** How often a running export saves its progress. */
const PROGRESS_EVERY_MS = 250;
/** An export's file is kept this long, then its row and file go. */
export const EXPORT_KEEP_DAYS = 7;

const toView = (row: ExportJobRecord): ExportView => ({
  id: row.id,
  report: row.report,
  label: REPORTS.get(row.report)?.label ?? row.report,
  format: row.format,
  status: row.status,
  rowsDone: row.rowsDone,
  rowsTotal: row.rowsTotal,
  fileName: row.fileName,
  bytes: row.bytes,
  error: row.error,
  createdAt: row.createdAt.toISOString(),
  finishedAt: row.finishedAt?.toISOString() ?? null,
});

function reportOf(name: string) {
  const def = REPORTS.get(name);
  if (!def) {
    throw badRequest('report', `report must be one of: ${reportNames().join(', ')}`);
  }
  return def;
}

type Deps = {
  db: Db;
  /** Runs the reports' own queries (Database.reports: longer timeouts, a pool of its own). */
  reports: Db;
  jobs: JobRunner;
  storage: Storage;
  log: Pick<FastifyBaseLogger, 'warn' | 'error'>;
};

/**
 * Report exports as durable background jobs: asked for (the policy checked; the answer is at once),
 * run by the job runner (which survives restarts; its first step estimates the rows for the progress
 * bar), streamed batch by batch into a file with the progress saved after each batch, then a
 * notification with the download. Only the user who asked may read its progress and download the
 * file; the policy is checked again when the job runs.
 */
export function createExportJobs({ db, reports, jobs, storage, log }: Deps) {
  jobs.register(
    EXPORT_JOB,
    async (payload, job) => {
      const id = Number(payload.id);
      const row = await exportJobById(db, id);
      if (!row || row.status === 'done') {
        return;
      }
      const fail = async (error: string) => {
        await setExportJob(db, id, { status: 'failed', error, finishedAt: new Date() });
      };
      const def = REPORTS.get(row.report);
      const viewer = await viewerById(db, row.userId);
      const params = def?.params.safeParse(row.params);
      const scope = def && viewer && params?.success ? def.scope(viewer, params.data) : null;
      if (!def || !scope || !params?.success) {
        await fail('You may no longer export this report.');
        return;
      }
      await setExportJob(db, id, { status: 'running', rowsDone: 0 });
      const key = newStorageKey('exports');
      const day = indiaToday();
      let savedAt = 0;
      try {
        // The estimate for the progress bar is the job's first step: asking for an export answers at once.
        const total = async (rowsTotal: number) => {
          await setExportJob(db, id, { rowsTotal });
        };
        if (def.estimate) {
          await total(await def.estimate(reports, scope, params.data));
        }
        const written = await writeReport(
          storage,
          key,
          row.format,
          def.label,
          typeof def.columns === 'function' ? def.columns(params.data) : def.columns,
          def.batches(reports, scope, params.data, EXPORT_BATCH, total),
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
        const rowsDone = Math.max(0, written.rows - (def.trailerRows ?? 0));
        const fileName = `${row.report}-${day}.${row.format}`;
        await db.transaction(async (tx) => {
          await setExportJob(tx, id, { status: 'done', rowsDone, storageKey: key, fileName, bytes: written.bytes, finishedAt: new Date() });
          await notify(tx, [row.userId], {
            title: 'Export ready',
            msg: `${def.label}: ${rowsDone.toLocaleString('en-IN')} ${rowsDone === 1 ? 'row' : 'rows'} as ${row.format.toUpperCase()}. Download it from Reports.`,
            type: 'report',
            referId: id,
            requestType: 1,
          });
        });
      } catch (err) {
        await storage.delete(key).catch(() => undefined);
        log.error({ err, exportId: id }, 'export failed');
        await fail('The export could not be finished. Try again; if it fails again, narrow the filters.');
      }
    },
    { timeoutMs: 15 * 60_000, maxAttempts: 1 },
  );

  return {
    /** Asks for an export: 403 when the policy refuses, 400 naming a bad filter; the job starts at once. */
    async start(viewer: AuthUser, input: { report: string; format: ExportFormat; params: unknown }): Promise<ExportView> {
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
    },
    async get(viewer: AuthUser, id: number): Promise<ExportView> {
      const row = await userExportJob(db, viewer.id, id);
      if (!row) {
        throw notFound('Export');
      }
      return toView(row);
    },
    /** The user's recent exports, newest first. */
    async list(viewer: AuthUser): Promise<ExportView[]> {
      const rows = await userExportJobs(db, viewer.id);
      return rows.map(toView);
    },
    async file(viewer: AuthUser, id: number) {
      const row = await userExportJob(db, viewer.id, id);
      if (!row) {
        throw notFound('Export');
      }
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
    },
    /** Housekeeping: exports older than EXPORT_KEEP_DAYS go, file and row; scratch tables a stopped export left too. */
    purge: (async (database, limit) => {
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
    }) satisfies Purge,
  };
}
export type ExportJobs = ReturnType<typeof createExportJobs>;
