import { type Readable, Transform } from 'node:stream';
import { type Entry, Parse } from 'unzipper';
import { SheetError, SHEET_MESSAGES } from './import-sheet-errors.ts';
import { parseFirstSheetId, parseRelationships, parseSharedStrings, parseSheetRows, type Relationship } from './xlsx-xml.ts';

// An XLSX upload read as it arrives: our loop over unzipper's entries counts every inflated byte
// (a zip bomb stops at the cap), and xlsx-xml.ts parses the parts it needs as they inflate, so the
// row limit stops the reading too (decision 0272; 0067 gave the reasons for the loop).

const SHEET_PATH = /^xl\/worksheets\/sheet\d+\.xml$/;

/**
 * A shared string the sheet refers to before the shared strings were read: `\0` and its index.
 * XML text cannot hold U+0000, so no real cell reads like this.
 */
const DEFERRED = '\u0000';
/** Is this cell a shared string the sheet referred to before the shared strings were read? */
export const isPlaceholder = (cell: string) => cell.startsWith(DEFERRED);

/**
 * Counts the bytes every zip entry inflates to, across the whole file, and fails past `max`. The
 * parser reports a broken entry (bad deflate data, a cut-off file) on itself, not on the entry,
 * sometimes before it hands that entry on; `fail` passes such an error to the entry being read
 * and to any entry handed on after it, which would otherwise wait for data forever.
 */
function inflateBudget(max: number) {
  let used = 0;
  let current: Transform | undefined;
  let failure: Error | undefined;
  const meter = (entry: Entry): Readable => {
    const body = new Transform({
      transform(chunk: Buffer, _enc, done) {
        used += chunk.length;
        done(used > max ? new SheetError(SHEET_MESSAGES.inflated(max)) : null, chunk);
      },
    });
    current = body;
    entry.on('error', (err) => body.destroy(err));
    // Its reader sees the error; without a listener, `pipe` would rethrow it as uncaught.
    body.on('error', () => {});
    if (failure) {
      body.destroy(failure);
    }
    return entry.pipe(body);
  };
  const fail = (err: Error) => {
    failure = err;
    current?.destroy(err);
  };
  return { meter, fail };
}

/** What has been read of the workbook so far. */
type BookParts = { rels?: Relationship[]; firstSheetId?: string; strings?: string[] };

/** The zip path of the workbook's first sheet, once workbook.xml and its relations have been read. */
function firstSheetPath(book: BookParts): string | undefined {
  const rel = book.firstSheetId === undefined ? undefined : book.rels?.find((r) => r.id === book.firstSheetId);
  return rel ? `xl/${rel.target.replace(/^\/?xl\//, '')}` : undefined;
}

export type XlsxRead = {
  /** The cell's text, with a shared string that was read after the sheet filled in. */
  resolve: (cell: string) => string;
};

/**
 * Streams an XLSX file: each row of its first worksheet (in workbook order when workbook.xml comes
 * before the sheets, else the first sheet in the file) reaches `onRow` as cell texts as soon as it
 * is inflated. `onRow` may throw (the row limit) to stop reading at once. Rows that refer to shared
 * strings not read yet hold placeholders that `resolve` fills in afterwards. Throws SheetError for
 * a file that is not a readable workbook or inflates to more than `maxInflatedBytes`.
 */
export async function readXlsx(source: Readable, maxInflatedBytes: number, onRow: (cells: string[]) => void): Promise<XlsxRead> {
  const budget = inflateBudget(maxInflatedBytes);
  const zip = source.pipe(Parse({ forceStream: true }));
  // Errors of the source (its first bytes are not a zip) and the parser end the entry being read
  // and the loop; `pipe` alone would leave the parser waiting for the rest of the file.
  source.on('error', (err) => zip.destroy(err));
  zip.on('error', (err) => budget.fail(err));
  const book: BookParts = {};
  let sheetRead = false;
  try {
    for await (const entry of zip as AsyncIterable<Entry>) {
      const body = budget.meter(entry);
      if (entry.path === 'xl/_rels/workbook.xml.rels') {
        book.rels = await parseRelationships(body);
      } else if (entry.path === 'xl/workbook.xml') {
        book.firstSheetId = await parseFirstSheetId(body);
      } else if (entry.path === 'xl/sharedStrings.xml') {
        book.strings = await parseSharedStrings(body);
      } else if (SHEET_PATH.test(entry.path) && !sheetRead && (firstSheetPath(book) ?? entry.path) === entry.path) {
        sheetRead = true;
        // Without the shared strings yet, the sheet's string cells get placeholders instead of values.
        await parseSheetRows(body, (i) => (book.strings ? (book.strings[i] ?? '') : `${DEFERRED}${i}`), onRow);
      } else {
        for await (const _ of body) {
          // Skipped entries are inflated too (the parser must pass them), and count.
        }
      }
    }
  } catch (err) {
    throw err instanceof SheetError ? err : new SheetError(SHEET_MESSAGES.unreadable('XLSX'), { cause: err });
  } finally {
    source.destroy();
    zip.destroy();
  }
  if (!sheetRead) {
    throw new SheetError(SHEET_MESSAGES.noSheet);
  }
  // No sharedStrings.xml at all: placeholders read as empty cells.
  const strings = book.strings ?? [];
  return {
    resolve: (cell) => (cell.startsWith(DEFERRED) ? (strings[Number(cell.slice(1))] ?? '') : cell),
  };
}
