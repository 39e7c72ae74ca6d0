import type { SQL } from 'drizzle-orm';
import {
  REPORT_LABEL,
  type ReportCatalogEntry,
  type ReportColumnView,
  type ReportPage,
  type SpendGroup,
  type SummaryParams,
  type SummaryReportName,
  summaryParamsSchema,
} from '@freightdesk/shared/schemas/report';
import type { DbOrTx } from '../../db/client.ts';
import type { AuthUser } from '../../lib/access.ts';
import type { ReportDef } from '../../lib/export-jobs.ts';
import { scratchRows } from '../../repositories/common/scratch-rows.ts';
import { type Cell, type ReportStatements, type Row, reportPageRows, totalsRow } from '../../repositories/report-summary.repository.ts';

/**
 * A summary report (issue 12): grouped rows over the shipper's own records with a totals row. Its
 * SQL (repositories/report-*.repository.ts) names each output column as the column's key (quoted:
 * `as "ordersPlaced"`); rupees come as paise, percentages as numbers 0–100 (null without a
 * denominator). The rows' SQL ends with its ORDER BY (a page is appended as LIMIT/OFFSET); the
 * totals' SQL answers one row.
 */
export type SummaryReport = ReportStatements & {
  name: SummaryReportName;
  description: string;
  /** What `from`/`to` filter on (the spec's label: Pickup Date, Gate In Date …). */
  dateLabel: string;
  groupBy?: readonly SpendGroup[];
  columns: (p: SummaryParams) => ReportColumnView[];
  /** The policy's rule for the viewer (SQL over the report's base table), or null when it may not read it. */
  scope: (viewer: AuthUser, p: SummaryParams) => SQL | null;
  /** Why `scope` refused (the 403's message). */
  refused: string;
};

/** Reads a cell as its kind shows it: counts and percentages as numbers, paise as rupees. */
function shown(kind: ReportColumnView['kind'], value: Cell | undefined): Cell {
  if (value === null || value === undefined) {
    return null;
  }
  switch (kind) {
    case 'text':
      return String(value);
    case 'rupees':
      return Number(value) / 100;
    default:
      return Number(value);
  }
}

function shape(columns: ReportColumnView[], row: Row | undefined): Row {
  return Object.fromEntries(columns.map((c) => [c.key, shown(c.kind, row?.[c.key])]));
}

export const catalogEntry = (def: SummaryReport): ReportCatalogEntry => ({
  name: def.name,
  label: REPORT_LABEL[def.name],
  description: def.description,
  dateLabel: def.dateLabel,
  ...(def.groupBy ? { groupBy: def.groupBy } : {}),
  columns: def.columns({}),
});

/** One page of a report's rows with its totals and row count, as the screen shows them. */
export async function summaryPage(
  db: DbOrTx,
  def: SummaryReport,
  scope: SQL,
  p: SummaryParams,
  page: number,
  pageSize: number,
): Promise<ReportPage> {
  const columns = def.columns(p);
  const { rows, totals, total } = await reportPageRows(db, def, scope, p, page, pageSize);
  return { columns, rows: rows.map((r) => shape(columns, r)), totals: shape(columns, totals), total, page, pageSize };
}

/**
 * The same report as an export (lib/export-jobs.ts): its rows in batches, then the totals as a
 * last row labelled "Total". The report's query runs once (repositories/common/scratch-rows.ts): a report of many
 * rows is never re-run per batch nor held in memory.
 */
export function summaryExport(def: SummaryReport): ReportDef<SummaryParams, Row> {
  return {
    name: def.name,
    label: REPORT_LABEL[def.name],
    params: summaryParamsSchema,
    refused: def.refused,
    scope: def.scope,
    // No estimate before: the count comes from the report's one run into its scratch table.
    async *batches(db, scope, p, size, total) {
      const columns = def.columns(p);
      for await (const rows of scratchRows(db, def.rows(scope, p), size, total)) {
        yield rows.map((r) => shape(columns, r as Row));
      }
      const totals = await totalsRow(db, def, scope, p);
      const first = columns[0]?.key ?? 'label';
      yield [{ ...shape(columns, totals), [first]: 'Total' }];
    },
    // On screen a duration reads "1 h 2 min"; a file holds the minutes as a number, so its heading names the unit.
    columns: (p) => def.columns(p).map((c) => ({ key: c.key, label: c.kind === 'minutes' ? `${c.label} (min)` : c.label })),
    trailerRows: 1,
  };
}
