import ExcelJS from 'exceljs';
import Papa from 'papaparse';
import { z } from 'zod';
import { AppError } from './errors.ts';

/** Body of every import call: the file as base64, with its name (for its type). */
export const importBodySchema = z.object({
  fileName: z
    .string()
    .trim()
    .regex(/\.(csv|xlsx)$/i, 'Upload a .csv or .xlsx file'),
  contentBase64: z.string().min(1, 'The file is empty').max(14_000_000, 'The file must be at most 10 MB'),
});
export type ImportBody = z.infer<typeof importBodySchema>;

export type ImportColumn = { key: string; label: string; example: string };
export type RowError = { row: number; field: string; message: string };

/** The most rows one import takes. */
export const IMPORT_MAX_ROWS = 10_000;

const norm = (s: string) => s.toLowerCase().replace(/[^a-z0-9]/g, '');

/** Reads a CSV or XLSX file into records keyed by column key; headers may be keys or labels. */
export async function readSheet(body: ImportBody, columns: ImportColumn[]): Promise<Record<string, string>[]> {
  const buffer = Buffer.from(body.contentBase64, 'base64');
  let table: string[][];
  if (/\.csv$/i.test(body.fileName)) {
    const parsed = Papa.parse<string[]>(buffer.toString('utf8').replace(/^\uFEFF/, ''), { skipEmptyLines: 'greedy' });
    table = parsed.data;
  } else {
    const book = new ExcelJS.Workbook();
    try {
      await book.xlsx.load(buffer as unknown as ArrayBuffer);
    } catch {
      throw new AppError(400, 'VALIDATION_FAILED', 'The file is not a readable XLSX workbook.', {
        contentBase64: 'Not a readable XLSX file',
      });
    }
    const sheet = book.worksheets[0];
    table = [];
    sheet?.eachRow({ includeEmpty: false }, (row) => {
      const values = Array.isArray(row.values) ? row.values.slice(1) : [];
      table.push(values.map((v) => cellText(v)));
    });
  }
  const [header, ...rows] = table;
  const byName = new Map(columns.flatMap((c) => [[norm(c.key), c.key] as const, [norm(c.label), c.key] as const]));
  const keys = (header ?? []).map((h) => byName.get(norm(String(h ?? ''))));
  const missing = columns.filter((c) => !keys.includes(c.key)).map((c) => c.label);
  if (!header || missing.length === columns.length) {
    throw new AppError(400, 'VALIDATION_FAILED', 'The first row must hold the column headings of the template.', {
      contentBase64: 'Headings not found',
    });
  }
  if (rows.length > IMPORT_MAX_ROWS) {
    throw new AppError(400, 'VALIDATION_FAILED', `At most ${IMPORT_MAX_ROWS} rows per file.`, { contentBase64: 'Too many rows' });
  }
  return rows.map((cells) => {
    const record: Record<string, string> = {};
    keys.forEach((key, i) => {
      if (key) {
        record[key] = String(cells[i] ?? '').trim();
      }
    });
    return record;
  });
}

function cellText(v: unknown): string {
  if (v === null || v === undefined) {
    return '';
  }
  if (typeof v === 'object') {
    const o = v as { text?: unknown; result?: unknown; richText?: { text: string }[] };
    if (o.richText) {
      return o.richText.map((r) => r.text).join('');
    }
    return String(o.text ?? o.result ?? '');
  }
  return String(v);
}

/**
 * Checks every row against the schema (row numbers as the user sees them: heading = row 1) and
 * refuses the whole file, with a report of every bad row, when any row is wrong.
 */
export function validateRows<T>(records: Record<string, string>[], toInput: (r: Record<string, string>) => unknown, schema: z.ZodType<T>) {
  const errors: RowError[] = [];
  const parsed: T[] = [];
  records.forEach((record, i) => {
    const result = schema.safeParse(toInput(record));
    if (result.success) {
      parsed.push(result.data);
      return;
    }
    for (const issue of result.error.issues) {
      errors.push({ row: i + 2, field: issue.path.join('.') || 'row', message: issue.message });
    }
  });
  return { parsed, errors };
}

export function refuseImport(errors: RowError[]): never {
  const rows = new Set(errors.map((e) => e.row)).size;
  throw new AppError(
    400,
    'IMPORT_REJECTED',
    `Nothing was imported: ${rows} row${rows === 1 ? ' has' : 's have'} errors. Fix them and upload the file again.`,
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
  const book = new ExcelJS.Workbook();
  const ws = book.addWorksheet('Import');
  ws.columns = columns.map((c) => ({ header: c.label, key: c.key, width: Math.max(14, c.label.length + 2) }));
  ws.getRow(1).font = { bold: true };
  ws.addRow(columns.map((c) => c.example));
  return Buffer.from(await book.xlsx.writeBuffer());
}
