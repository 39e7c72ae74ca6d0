import { PassThrough } from 'node:stream';
import type { FastifyReply } from 'fastify';
import Papa from 'papaparse';
import { z } from 'zod';
import { formatCellDate, formatCellDateTime, ISO_INSTANT } from '@freightdesk/shared/date-time';
import { contentDisposition } from './content-disposition.ts';
import { indiaToday } from './india-time.ts';
import { createXlsxWriter, xlsxDay, xlsxMoment } from './xlsx-writer.ts';

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
  return momentCell(value) ?? value ?? '';
}

/**
 * A moment in a sheet is India's `DD-MM-YYYY HH:mm` and a day `DD-MM-YYYY` (date-time.ts), whether
 * the row holds a Date, the API's ISO text or a plain day: a file read in India never shows UTC, a
 * "T" or a year first (undefined for any other value).
 */
function momentCell(value: unknown): string | undefined {
  if (value instanceof Date || (typeof value === 'string' && ISO_INSTANT.test(value))) {
    return formatCellDateTime(value);
  }
  return typeof value === 'string' && PLAIN_DAY.test(value) ? formatCellDate(value) : undefined;
}

const PLAIN_DAY = /^\d{4}-\d\d-\d\d$/;

/**
 * A row's cell in an XLSX sheet: a day or a moment is a real date (a serial with a date format on
 * India's clock, xlsx-writer.ts), so the sheet sorts and filters it; anything else as in a CSV.
 */
export function xlsxCell<Row>(row: Row, c: ExportColumn<Row>): unknown {
  const value = row[c.key];
  if (!c.format) {
    if (value instanceof Date && Number.isFinite(value.getTime())) {
      return xlsxMoment(value);
    }
    if (typeof value === 'string' && ISO_INSTANT.test(value)) {
      return xlsxMoment(new Date(value));
    }
    if (typeof value === 'string' && PLAIN_DAY.test(value)) {
      return xlsxDay(value);
    }
  }
  return exportCell(row, c);
}

/**
 * Characters that start a formula in a spreadsheet: = + - @, tab and CR (OWASP), and their
 * full-width forms (＝ ＋ － ＠), which Excel reads as formulas too.
 */
const FORMULA_START = '=+\\-@\\t\\r\\uFF1D\\uFF0B\\uFF0D\\uFF20';
/** A text that opens a formula: at its start (after spaces), or after a separator a reader in another locale may split on (`a;=cmd`). */
const OPENS_FORMULA = new RegExp(`(^\\s*|[;\\t\\r\\n|]\\s*)[${FORMULA_START}]`);

/** A row's cell as written to a file: formatted, and kept as text when it could start a formula. */
export const exportCell = <Row>(row: Row, c: ExportColumn<Row>): unknown => safeText(cell(row, c));

/** Spreadsheet formula injection guard: a text cell that could start a formula is kept as text ('). */
export function safeText(v: unknown): unknown {
  return typeof v === 'string' && OPENS_FORMULA.test(v) ? `'${v}` : v;
}

/** One CSV record, every field quoted (a quote doubled), ended by CRLF: what Papa.unparse writes with `quotes: true`. */
export function csvRecord(cells: unknown[]): string {
  let line = '';
  for (let i = 0; i < cells.length; i++) {
    const v = cells[i];
    const text = v === null || v === undefined ? '' : String(v);
    line += `${i ? ',' : ''}"${text.includes('"') ? text.replaceAll('"', '""') : text}"`;
  }
  return `${line}\r\n`;
}

/** CSV with every field quoted, so a reader splitting on `;` keeps `a;=b` in one cell. */
export function toCsv<Row>(rows: Row[], columns: ExportColumn<Row>[]): string {
  const data = rows.map((r) => columns.map((c) => exportCell(r, c)));
  return `\uFEFF${Papa.unparse({ fields: columns.map((c) => c.label), data }, { quotes: true })}`;
}

export function toXlsx<Row>(rows: Row[], columns: ExportColumn<Row>[], sheet: string): Promise<Buffer> {
  return xlsxOf(
    sheet,
    columns.map((c) => c.label),
    rows.map((r) => columns.map((c) => xlsxCell(r, c))),
  );
}

/** A small workbook in memory (a template, a page of rows) through the one XLSX writer. */
export async function xlsxOf(sheet: string, header: string[], rows: unknown[][]): Promise<Buffer> {
  const out = new PassThrough();
  const chunks: Buffer[] = [];
  out.on('data', (chunk: Buffer) => chunks.push(chunk));
  const book = await createXlsxWriter(out, sheet, header);
  await book.addRows(rows);
  await book.finish();
  return Buffer.concat(chunks);
}

/** Sends rows as a CSV or XLSX download named `<name>-<India day>.<ext>`. */
export async function sendExport<Row>(reply: FastifyReply, format: ExportFormat, name: string, rows: Row[], columns: ExportColumn<Row>[]) {
  const file = `${name}-${indiaToday()}.${format}`;
  reply.header('content-disposition', contentDisposition(file));
  if (format === 'csv') {
    return reply.type('text/csv; charset=utf-8').send(toCsv(rows, columns));
  }
  return reply.type('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet').send(await toXlsx(rows, columns, name));
}
