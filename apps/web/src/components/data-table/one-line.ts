import type { ColumnDef, RowData } from '@tanstack/react-table';

declare module '@tanstack/react-table' {
  // The type parameters must match TanStack's declaration for the two to merge.
  interface ColumnMeta<TData extends RowData, TValue> {
    /** Keep the cell on one line (record numbers, vehicle numbers, codes). */
    nowrap?: boolean;
  }
}

/** Columns holding a record's number: `number`, `requestNumber`, `vehicleNumber` … */
const NUMBER_COLUMN = /(^|[a-z])number$/i;

/**
 * Whether a column's cells stay on one line: order and request numbers (OB-2026-000123) broken
 * over two lines are hard to read and to compare, so every list keeps a number column whole
 * without asking; any other column opts in with `meta: { nowrap: true }`.
 */
export function keepsOnOneLine<T>(column: { id: string; columnDef: Pick<ColumnDef<T, unknown>, 'meta'> }): boolean {
  return column.columnDef.meta?.nowrap ?? NUMBER_COLUMN.test(column.id);
}

/** A date and time as the lists show them (lib/format.ts `formatDateTime`): `30 Nov 2026, 01:31 am IST`. */
const DATE_TIME = /^(\d\d [A-Z][a-z]{2} \d{4},) (\d\d:\d\d [ap]m IST)$/;

/**
 * A cell's date and time as its two parts, or null for any other value: a narrow column breaks it
 * between the date and the time, never inside the date ("30 Nov" over "2026, 01:31 am IST").
 */
export function dateTimeParts(value: unknown): [string, string] | null {
  const m = typeof value === 'string' ? DATE_TIME.exec(value) : null;
  return m ? [m[1] as string, m[2] as string] : null;
}
