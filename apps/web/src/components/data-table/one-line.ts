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
