import { type ColumnTemplate, SHEET_DATE_FIELDS, type SheetDateFormat } from '@freightdesk/shared/schemas/column-sheet';
import { safeText } from './export.ts';

/**
 * A column-mapped sheet (issue 33): rows written in the order and under the headers a shipper's
 * template maps (the bank payment file, the ledger CSV). A row gives each field's value: text, or a
 * day (`YYYY-MM-DD`) for a date field, written in the column's format. Every cell passes the formula
 * guard. With `,` every field is quoted (as the files were before); with `|` a field is quoted only
 * when it holds a `|`, a quote or a line break (banks' pipe formats take bare fields).
 */

export type SheetRow<F extends string> = Partial<Record<F, string>>;

/** A day `2027-03-31` in a template's date format. */
export function formatSheetDay(day: string, format: SheetDateFormat): string {
  const [y = '', m = '', d = ''] = day.split('-');
  const formats: Record<SheetDateFormat, string> = {
    'DD/MM/YYYY': `${d}/${m}/${y}`,
    'DD-MM-YYYY': `${d}-${m}-${y}`,
    'DD.MM.YYYY': `${d}.${m}.${y}`,
    'YYYY-MM-DD': `${y}-${m}-${d}`,
    DDMMYYYY: `${d}${m}${y}`,
    YYYYMMDD: `${y}${m}${d}`,
  };
  return formats[format];
}

function field(text: string, delimiter: ',' | '|'): string {
  const quoted = `"${text.replaceAll('"', '""')}"`;
  if (delimiter === ',') {
    return quoted;
  }
  return /[|"\r\n]/.test(text) ? quoted : text;
}

const record = (cells: string[], delimiter: ',' | '|') => `${cells.map((c) => field(c, delimiter)).join(delimiter)}\r\n`;

/** The header of each column: the template's name for it, else the field's own label. */
export function sheetHeaders<F extends string>(template: ColumnTemplate<F>, labels: Record<F, string>): string[] {
  return template.columns.map((c) => String(safeText(c.header?.trim() || labels[c.field])));
}

/** One row's cells in the template's order. */
export function sheetCells<F extends string>(template: ColumnTemplate<F>, row: SheetRow<F>): string[] {
  return template.columns.map((c) => {
    if (c.field === 'text') {
      return String(safeText(c.text ?? ''));
    }
    const value = row[c.field] ?? '';
    const text = SHEET_DATE_FIELDS.includes(c.field) && value ? formatSheetDay(value, c.dateFormat ?? 'DD/MM/YYYY') : value;
    return String(safeText(text));
  });
}

/** The whole file: the header row (unless the template leaves it out), then a record per row. */
export function columnSheet<F extends string>(template: ColumnTemplate<F>, labels: Record<F, string>, rows: SheetRow<F>[]): string {
  let text = template.headerRow ? record(sheetHeaders(template, labels), template.delimiter) : '';
  for (const row of rows) {
    text += record(sheetCells(template, row), template.delimiter);
  }
  return text;
}
