import { indianNumber } from '@freightdesk/shared/indian-number';

/**
 * Something wrong with an uploaded sheet, said to the user. It crosses from the import worker to
 * the main thread as its message alone, where it becomes a 400 on the field `file`.
 */
export class SheetError extends Error {
  override readonly name = 'SheetError';
}

const mb = (bytes: number) => `${Math.round(bytes / (1024 * 1024))} MB`;

export const SHEET_MESSAGES = {
  missing: 'Choose a CSV or XLSX file to import (form field "file").',
  type: 'Upload a .csv or .xlsx file.',
  content: (type: 'CSV' | 'XLSX') =>
    type === 'CSV'
      ? 'The file is not a CSV text file; save the sheet as CSV (or XLSX) and upload it again.'
      : 'The file is not an XLSX workbook; save it from Excel as .xlsx and upload it again.',
  empty: 'The file is empty.',
  tooBig: (maxBytes: number) => `The file must be at most ${mb(maxBytes)}.`,
  tooManyRows: (maxRows: number) => `At most ${indianNumber(maxRows)} rows per file: this file has more. Split it and import each part.`,
  headings: 'The first row must hold the column headings of the template.',
  unreadable: (type: 'CSV' | 'XLSX') => `The file is not a readable ${type} file.`,
  noSheet: 'The workbook has no worksheet.',
  inflated: (maxBytes: number) =>
    `The workbook unpacks to more than ${mb(maxBytes)}, far more than an import of this size needs; save it again or split it.`,
  tooSlow: (seconds: number) => `Reading the file took more than ${seconds} s; split it into smaller files.`,
  tooComplex: 'The file needs more memory to read than an import may use; split it into smaller files.',
} as const;
