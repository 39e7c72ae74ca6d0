import { ApiError } from '../../lib/api.ts';

/** One problem of a refused sheet: its row as the user sees it (headings are row 1), the column's key, the message. */
export type RowError = { row: number; field: string; message: string };

/** A problem as the report shows it: the column by the heading the sheet has. */
export type ReportRow = RowError & { column: string };

/** A sheet's column keys to their headings (`tripsPerMonth` → "Trips per month"). */
export type ColumnLabels = Readonly<Record<string, string>>;

/** What a refused upload says: the server's message and, for a sheet refused row by row (IMPORT_REJECTED), every row's problem. */
export function uploadRefusal(err: unknown): { message: string; errors: RowError[]; status: number } {
  if (!(err instanceof ApiError)) {
    return { message: 'The file could not be uploaded. Please try again.', errors: [], status: 0 };
  }
  const listed = (err.details as { errors?: unknown } | undefined)?.errors;
  const errors = Array.isArray(listed) ? listed.filter(isRowError) : [];
  // A file refused whole (wrong type, too big) names the `file` field: its message is the one to show.
  return { message: err.fields.file ?? err.message, errors, status: err.status };
}

function isRowError(e: unknown): e is RowError {
  const r = e as Partial<RowError> | null;
  return typeof r?.row === 'number' && typeof r.field === 'string' && typeof r.message === 'string';
}

/**
 * The report's rows: each problem under its column's heading (a problem of the whole row, or of a
 * column the sheet does not name, keeps a readable name), by row then in the sheet's column order.
 */
export function reportRows(errors: readonly RowError[], labels: ColumnLabels = {}): ReportRow[] {
  const order = Object.keys(labels);
  const rank = (field: string) => (order.includes(field) ? order.indexOf(field) : order.length);
  return errors
    .map((e, i) => ({ ...e, column: columnName(e.field, labels), i }))
    .sort((a, b) => a.row - b.row || rank(a.field) - rank(b.field) || a.i - b.i)
    .map(({ i: _i, ...e }) => e);
}

function columnName(field: string, labels: ColumnLabels): string {
  if (labels[field]) {
    return labels[field];
  }
  if (field === 'row' || field === '') {
    return 'Whole row';
  }
  // `ratePerTrip` → "Rate per trip": never a bare key in front of the user.
  const words = field
    .replace(/([a-z])([A-Z])/g, '$1 $2')
    .replace(/[._]/g, ' ')
    .toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

const csvCell = (v: string | number) => `"${String(v).replace(/"/g, '""')}"`;

/** The report as CSV (with a BOM, so Excel reads ₹ right): Row, Column, Problem. */
export function reportCsv(rows: readonly ReportRow[]): string {
  const lines = ['Row,Column,Problem', ...rows.map((r) => [r.row, r.column, r.message].map(csvCell).join(','))];
  return `\uFEFF${lines.join('\n')}`;
}
