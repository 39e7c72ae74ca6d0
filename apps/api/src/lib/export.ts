import ExcelJS from 'exceljs';
import type { FastifyReply } from 'fastify';
import Papa from 'papaparse';
import { z } from 'zod';

/** A column of an export: the row key and its heading. */
export type ExportColumn<Row> = { key: keyof Row & string; label: string; format?: (value: unknown, row: Row) => unknown };

export const exportFormatSchema = z.enum(['csv', 'xlsx'], { error: 'format must be csv or xlsx' });
export type ExportFormat = z.infer<typeof exportFormatSchema>;

function cell<Row>(row: Row, c: ExportColumn<Row>): unknown {
  const value = row[c.key];
  if (c.format) {
    return c.format(value, row);
  }
  if (Array.isArray(value)) {
    return value.join(', ');
  }
  return value ?? '';
}

/**
 * Characters that start a formula in a spreadsheet: = + - @, tab and CR (OWASP), and their
 * full-width forms (＝ ＋ － ＠), which Excel reads as formulas too.
 */
const FORMULA_START = '=+\\-@\\t\\r\\uFF1D\\uFF0B\\uFF0D\\uFF20';
/** A text that opens a formula: at its start (after spaces), or after a separator a reader in another locale may split on (`a;=cmd`). */
const OPENS_FORMULA = new RegExp(`(^\\s*|[;\\t\\r\\n|]\\s*)[${FORMULA_START}]`);

/** Spreadsheet formula injection guard: a text cell that could start a formula is kept as text ('). */
export function safeText(v: unknown): unknown {
  return typeof v === 'string' && OPENS_FORMULA.test(v) ? `'${v}` : v;
}

/** CSV with every field quoted, so a reader splitting on `;` keeps `a;=b` in one cell. */
export function toCsv<Row>(rows: Row[], columns: ExportColumn<Row>[]): string {
  const data = rows.map((r) => columns.map((c) => safeText(cell(r, c))));
  return `\uFEFF${Papa.unparse({ fields: columns.map((c) => c.label), data }, { quotes: true })}`;
}

export async function toXlsx<Row>(rows: Row[], columns: ExportColumn<Row>[], sheet: string): Promise<Buffer> {
  const book = new ExcelJS.Workbook();
  const ws = book.addWorksheet(sheet.slice(0, 31));
  ws.columns = columns.map((c) => ({ header: c.label, key: c.key, width: Math.max(12, c.label.length + 2) }));
  ws.getRow(1).font = { bold: true };
  for (const r of rows) {
    ws.addRow(columns.map((c) => safeText(cell(r, c))));
  }
  return Buffer.from(await book.xlsx.writeBuffer());
}

/** Sends rows as a CSV or XLSX download named `<name>-<date>.<ext>`. */
export async function sendExport<Row>(reply: FastifyReply, format: ExportFormat, name: string, rows: Row[], columns: ExportColumn<Row>[]) {
  const file = `${name}-${new Date().toISOString().slice(0, 10)}.${format}`;
  reply.header('content-disposition', `attachment; filename="${file}"`);
  if (format === 'csv') {
    return reply.type('text/csv; charset=utf-8').send(toCsv(rows, columns));
  }
  return reply.type('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet').send(await toXlsx(rows, columns, name));
}
