// Apart from import-sheet.ts, so the upload route can tell a sheet's type without loading the
// readers (unzipper and the XML parser load in the import worker, not at the API's start).

export type SheetType = 'csv' | 'xlsx';

/** The sheet type a file name claims ('.csv' or '.xlsx'), else undefined. */
export function sheetTypeOf(fileName: string): SheetType | undefined {
  const m = /\.(csv|xlsx)$/i.exec(fileName.trim());
  return m?.[1] ? (m[1].toLowerCase() as SheetType) : undefined;
}
