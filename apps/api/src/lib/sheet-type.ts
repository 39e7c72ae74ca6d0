// Apart from import-sheet.ts, so the upload route can tell a sheet's type without loading the
// readers (exceljs and unzipper take a noticeable part of the API's start; they load in the worker).

export type SheetType = 'csv' | 'xlsx';

/** The sheet type a file name claims ('.csv' or '.xlsx'), else undefined. */
export function sheetTypeOf(fileName: string): SheetType | undefined {
  const m = /\.(csv|xlsx)$/i.exec(fileName.trim());
  return m?.[1] ? (m[1].toLowerCase() as SheetType) : undefined;
}
