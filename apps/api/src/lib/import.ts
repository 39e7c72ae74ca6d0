import Papa from 'papaparse';
import type { z } from 'zod';
import { AppError } from './errors.ts';
import { xlsxOf } from './export.ts';
import type { SheetRecord } from './import-sheet.ts';

export { IMPORT_MAX_BYTES, IMPORT_MAX_ROWS } from '@freightdesk/shared/constants';

/**
 * An uploaded file, read: its name and its rows as records keyed by column key. import-routes.ts
 * makes it from a multipart upload (read in a worker, see import-pool.ts); every import gets it.
 */
export type ImportFile = { fileName: string; records: SheetRecord[] };

export type ImportColumn = { key: string; label: string; example: string };
export type RowError = { row: number; field: string; message: string };

/**
 * Rows per insert statement of an import. Drizzle takes 30-130 ms of the event loop to build a
 * 500-row insert (about 10 µs a value); 100 rows keep each turn short while other users wait.
 */
export const IMPORT_BATCH_ROWS = 100;
export const batches = <T>(list: T[], size = IMPORT_BATCH_ROWS): T[][] =>
  Array.from({ length: Math.ceil(list.length / size) }, (_, i) => list.slice(i * size, (i + 1) * size));

/**
 * Rows checked between two yields to the event loop. Imports running at once all take their turn
 * in the same pass of the loop, so a turn stays a few milliseconds.
 */
const ROWS_PER_TURN = 100;
const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

/**
 * Checks every row against the schema (row numbers as the user sees them: heading = row 1) and
 * refuses the whole file, with a report of every bad row, when any row is wrong.
 */
export async function validateRows<T>(records: SheetRecord[], toInput: (r: SheetRecord) => unknown, schema: z.ZodType<T>) {
  const errors: RowError[] = [];
  const parsed: T[] = [];
  /** The row number (as the user sees it) of each parsed record. */
  const rows: number[] = [];
  for (const [i, record] of records.entries()) {
    if (i > 0 && i % ROWS_PER_TURN === 0) {
      await nextTurn();
    }
    const result = schema.safeParse(toInput(record));
    if (result.success) {
      parsed.push(result.data);
      rows.push(i + 2);
      continue;
    }
    for (const issue of result.error.issues) {
      errors.push({ row: i + 2, field: issue.path.join('.') || 'row', message: issue.message });
    }
  }
  return { parsed, errors, rows };
}

/** Refuses a whole file with its per-row report; `lead` says what did not happen. */
export function refuseImport(errors: RowError[], lead = 'Nothing was imported'): never {
  const rows = new Set(errors.map((e) => e.row)).size;
  throw new AppError(
    400,
    'IMPORT_REJECTED',
    `${lead}: ${rows} row${rows === 1 ? ' has' : 's have'} errors. Fix them and upload the file again.`,
    undefined,
    undefined,
    { errors },
  );
}

/** The template: headings and one example row, as CSV or XLSX. */
export async function template(columns: ImportColumn[], format: 'csv' | 'xlsx'): Promise<string | Buffer> {
  if (format === 'csv') {
    return `\uFEFF${Papa.unparse({ fields: columns.map((c) => c.label), data: [columns.map((c) => c.example)] })}`;
  }
  return xlsxOf(
    'Import',
    columns.map((c) => c.label),
    [columns.map((c) => c.example)],
  );
}
