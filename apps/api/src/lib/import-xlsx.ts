import { type Readable, Transform } from 'node:stream';
import ExcelJS from 'exceljs';
import { type Entry, Parse } from 'unzipper';
import { SheetError, SHEET_MESSAGES } from './import-sheet-errors.ts';

/**
 * The parts of exceljs's streaming WorkbookReader (4.4) this reader drives. Its own `parse()` loop
 * cannot be used as it is: it hands every zip entry on without counting the inflated bytes, and
 * when a sheet comes before the shared strings (as Excel and exceljs write them) it first inflates
 * the whole sheet into a temp file, so neither a zip bomb nor the row limit would stop it.
 */
type WorkbookInternals = {
  sharedStrings?: unknown[];
  workbookRels?: { Id: string; Target: string }[];
  model?: { sheets?: { rId: string }[] };
  _parseRels(entry: Readable): Promise<void>;
  _parseWorkbook(entry: Readable): Promise<void>;
  _parseSharedStrings(entry: Readable): AsyncIterable<unknown>;
  _parseWorksheet(iterator: AsyncIterable<Buffer>, sheetNo: string): Iterable<{ value: AsyncIterable<ExcelJS.Row> }>;
};

const SHEET_PATH = /^xl\/worksheets\/sheet(\d+)\.xml$/;

/**
 * A shared string the sheet refers to before the shared strings were read: `\0` and its index.
 * XML text cannot hold U+0000, so no real cell reads like this.
 */
const DEFERRED = '\u0000';
/** Is this cell a shared string the sheet referred to before the shared strings were read? */
export const isPlaceholder = (cell: string) => cell.startsWith(DEFERRED);

const placeholders = new Proxy([] as unknown[], {
  get: (target, prop) => (typeof prop === 'string' && /^\d+$/.test(prop) ? `${DEFERRED}${prop}` : Reflect.get(target, prop)),
});

/** The text a user sees in a cell (rich text joined, a formula's result, a date as ISO). */
export function cellText(v: unknown): string {
  if (v === null || v === undefined) {
    return '';
  }
  if (v instanceof Date) {
    return v.toISOString();
  }
  if (typeof v === 'object') {
    const o = v as { text?: unknown; result?: unknown; richText?: { text: string }[]; error?: unknown };
    if (o.richText) {
      return o.richText.map((r) => r.text ?? '').join('');
    }
    return cellText(o.text ?? o.result ?? o.error);
  }
  return String(v);
}

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

/** The zip path of the workbook's first sheet, once workbook.xml and its relations have been read. */
function firstSheetPath(book: WorkbookInternals): string | undefined {
  const first = book.model?.sheets?.[0];
  const rel = first && book.workbookRels?.find((r) => r.Id === first.rId);
  return rel ? `xl/${rel.Target.replace(/^\/?xl\//, '')}` : undefined;
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
  const book = new ExcelJS.stream.xlsx.WorkbookReader(source, {
    worksheets: 'emit',
    sharedStrings: 'cache',
    hyperlinks: 'ignore',
    styles: 'ignore',
    entries: 'ignore',
  }) as unknown as WorkbookInternals;
  const budget = inflateBudget(maxInflatedBytes);
  const zip = source.pipe(Parse({ forceStream: true }));
  // Errors of the source (its first bytes are not a zip) and the parser end the entry being read
  // and the loop; `pipe` alone would leave the parser waiting for the rest of the file.
  source.on('error', (err) => zip.destroy(err));
  zip.on('error', (err) => budget.fail(err));
  let sheetRead = false;
  try {
    for await (const entry of zip as AsyncIterable<Entry>) {
      const body = budget.meter(entry);
      const sheet = SHEET_PATH.exec(entry.path);
      if (entry.path === 'xl/_rels/workbook.xml.rels') {
        await book._parseRels(body);
      } else if (entry.path === 'xl/workbook.xml') {
        await book._parseWorkbook(body);
      } else if (entry.path === 'xl/sharedStrings.xml') {
        for await (const _ of book._parseSharedStrings(body)) {
          // 'cache' mode keeps the strings on the reader and yields nothing.
        }
      } else if (sheet?.[1] && !sheetRead && (firstSheetPath(book) ?? entry.path) === entry.path) {
        sheetRead = true;
        await readRows(book, body, sheet[1], onRow);
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
  // No sharedStrings.xml at all: placeholders stay placeholders; they read as empty cells.
  const strings = book.sharedStrings === placeholders ? [] : (book.sharedStrings ?? []);
  return {
    resolve: (cell) => (cell.startsWith(DEFERRED) ? cellText(strings[Number(cell.slice(1))]) : cell),
  };
}

async function readRows(book: WorkbookInternals, body: Readable, sheetNo: string, onRow: (cells: string[]) => void) {
  // Without the shared strings yet, the sheet's string cells get placeholders instead of values.
  book.sharedStrings ??= placeholders;
  // exceljs names the sheet from workbook.xml, which exceljs itself writes last.
  book.model ??= {};
  for (const { value: worksheet } of book._parseWorksheet(body, sheetNo)) {
    for await (const row of worksheet) {
      const values = Array.isArray(row.values) ? row.values.slice(1) : [];
      onRow(Array.from(values, cellText));
    }
  }
}
