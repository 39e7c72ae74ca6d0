import type { SQL } from 'drizzle-orm';
import type { ExportView } from '@freightdesk/shared/schemas/report';
import type { z } from 'zod';
import type { DbOrTx } from '../db/client.ts';
import type { ExportJobRecord } from '../repositories/export-jobs.repository.ts';
import type { AuthUser } from './access.ts';
import { badRequest } from './errors.ts';
import type { ExportColumn } from './export.ts';

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

/** The report of this name, if one is registered. */
export const reportByName = (name: string) => REPORTS.get(name);

export const toView = (row: ExportJobRecord): ExportView => ({
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

export function reportOf(name: string) {
  const def = REPORTS.get(name);
  if (!def) {
    throw badRequest('report', `report must be one of: ${reportNames().join(', ')}`);
  }
  return def;
}
