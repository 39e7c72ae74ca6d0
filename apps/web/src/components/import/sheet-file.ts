import { IMPORT_MAX_BYTES, IMPORT_MAX_ROWS } from '@freightdesk/shared/constants';
import { indianNumber } from '@freightdesk/shared/indian-number';

const MAX_MB = Math.round(IMPORT_MAX_BYTES / (1024 * 1024));

/** The limits the server checks while it reads the file, said before the user picks one. */
export const SHEET_LIMITS_TEXT = `CSV or XLSX, up to ${MAX_MB} MB and ${indianNumber(IMPORT_MAX_ROWS)} rows.`;

/** What is wrong with the chosen file before it is sent (the server checks the same and more). */
export function sheetFileProblem(file: Pick<File, 'name' | 'size'>): string | null {
  if (!/\.(csv|xlsx)$/i.test(file.name)) {
    return 'Choose a .csv or .xlsx file.';
  }
  if (file.size > IMPORT_MAX_BYTES) {
    return `The file must be at most ${MAX_MB} MB; split it and upload each part.`;
  }
  return null;
}

/** Sends a sheet as the multipart field `file`, as every upload route of the API reads it. */
export function sheetForm(file: File): FormData {
  const form = new FormData();
  form.append('file', file, file.name);
  return form;
}
