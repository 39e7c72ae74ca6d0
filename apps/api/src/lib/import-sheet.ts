import { Readable } from 'node:stream';
import Papa from 'papaparse';
import { documentTypeFor } from '@freightdesk/shared/schemas/document';
import { contentMatches, SNIFF_BYTES } from '../modules/documents/file-type.ts';
import { SHEET_MESSAGES, SheetError } from './import-sheet-errors.ts';
import { isPlaceholder, readXlsx } from './import-xlsx.ts';
import type { SheetType } from './sheet-type.ts';

export { type SheetType, sheetTypeOf } from './sheet-type.ts';

// Reading an uploaded sheet into records. This runs inside the import worker (import-worker.ts),
// never on the API's event loop; it is plain async code, so tests also call it directly.

export type SheetColumn = { key: string; label: string };
export type SheetJob = {
  type: SheetType;
  columns: SheetColumn[];
  /** Data rows (the heading not counted): reading stops at the first row past this. */
  maxRows: number;
  /** What all entries of an XLSX file may inflate to, together. */
  maxInflatedBytes: number;
};
export type SheetRecord = Record<string, string>;

const norm = (s: string) => s.toLowerCase().replace(/[^a-z0-9]/g, '');

/** Column key of each heading cell (headings may be keys or labels); undefined for other columns. */
function headingKeys(heading: string[], columns: SheetColumn[]): (string | undefined)[] {
  const byName = new Map(columns.flatMap((c) => [[norm(c.key), c.key] as const, [norm(c.label), c.key] as const]));
  const keys = heading.map((h) => byName.get(norm(h)));
  if (!keys.some(Boolean)) {
    throw new SheetError(SHEET_MESSAGES.headings);
  }
  return keys;
}

function toRecord(keys: (string | undefined)[], cells: string[]): SheetRecord {
  const record: SheetRecord = {};
  keys.forEach((key, i) => {
    if (key) {
      record[key] = (cells[i] ?? '').trim();
    }
  });
  return record;
}

/**
 * The sheet's rows as they arrive: the first non-empty row is the heading; each later one counts
 * against the row limit. Rows become records at once when the heading can be read, else (an XLSX
 * whose shared strings come after the sheet) when the reading ends.
 */
class SheetTable {
  private heading: string[] | undefined;
  private keys: (string | undefined)[] | undefined;
  private pending: string[][] = [];
  private readonly done: SheetRecord[] = [];
  private count = 0;

  constructor(private readonly job: SheetJob) {}

  add(cells: string[]) {
    if (cells.every((c) => c.trim() === '')) {
      return;
    }
    if (!this.heading) {
      this.heading = cells;
      if (!cells.some(isPlaceholder)) {
        this.keys = headingKeys(cells, this.job.columns);
      }
      return;
    }
    this.count += 1;
    if (this.count > this.job.maxRows) {
      throw new SheetError(SHEET_MESSAGES.tooManyRows(this.job.maxRows));
    }
    if (this.keys) {
      this.done.push(toRecord(this.keys, cells));
    } else {
      this.pending.push(cells);
    }
  }

  records(resolve: (cell: string) => string): SheetRecord[] {
    if (!this.heading) {
      throw new SheetError(SHEET_MESSAGES.headings);
    }
    const keys = this.keys ?? headingKeys(this.heading.map(resolve), this.job.columns);
    return [...this.done, ...this.pending.map((cells) => toRecord(keys, cells.map(resolve)))];
  }
}

/**
 * Passes the bytes on as they come, checking the first SNIFF_BYTES against the claimed type (as
 * documents check uploads) as far as they have arrived: a chunk goes on only once the bytes so far
 * fit, and nothing waits for more bytes than the file has sent.
 */
async function* checkedHead(chunks: AsyncIterable<Uint8Array>, type: SheetType): AsyncGenerator<Buffer> {
  const fileType = documentTypeFor(`file.${type}`);
  // A zip's signature is 4 bytes: fewer say nothing yet (unless the file ends there).
  const least = type === 'xlsx' ? 4 : 1;
  let head = Buffer.alloc(0);
  const judge = () => {
    if (!fileType || !contentMatches(fileType, head)) {
      throw new SheetError(SHEET_MESSAGES.content(type === 'csv' ? 'CSV' : 'XLSX'));
    }
  };
  for await (const chunk of chunks) {
    if (head.length < SNIFF_BYTES) {
      head = Buffer.concat([head, chunk]).subarray(0, SNIFF_BYTES);
      if (head.length >= least) {
        judge();
      }
    }
    yield Buffer.from(chunk);
  }
  if (head.length === 0) {
    throw new SheetError(SHEET_MESSAGES.empty);
  }
  judge();
}

async function* withoutBom(text: AsyncIterable<string>): AsyncGenerator<string> {
  let first = true;
  for await (const chunk of text) {
    yield first ? chunk.replace(/^\uFEFF/, '') : chunk;
    first = false;
  }
}

/**
 * Parses CSV as it streams in (papaparse's stream mode), one row at a time. Rows are taken from
 * 'data' events: iterating papaparse's stream with `for await` is about 15 times slower.
 */
function readCsv(source: Readable, onRow: (cells: string[]) => void): Promise<void> {
  source.setEncoding('utf8'); // a character split across two chunks is joined, not garbled
  const parser = Papa.parse(Papa.NODE_STREAM_INPUT, { skipEmptyLines: 'greedy' });
  const text = Readable.from(withoutBom(source as AsyncIterable<string>));
  return new Promise<void>((resolve, reject) => {
    let stopped = false;
    const stop = (err: unknown) => {
      stopped = true;
      text.destroy();
      source.destroy();
      parser.destroy();
      reject(err);
    };
    text.on('error', stop);
    parser.on('error', stop);
    parser.on('data', (row: unknown[]) => {
      if (stopped) {
        return;
      }
      try {
        onRow(row.map((c) => String(c ?? '')));
      } catch (err) {
        stop(err);
      }
    });
    parser.on('end', () => resolve());
    text.pipe(parser);
  });
}

/**
 * Reads a CSV or XLSX byte stream into records keyed by column key, checking as it reads: the
 * first bytes against the type, the headings, the row limit and (XLSX) the inflated size. Throws
 * SheetError, with the message for the user, at the first problem, without reading further.
 */
export async function readSheetRecords(chunks: AsyncIterable<Uint8Array>, job: SheetJob): Promise<SheetRecord[]> {
  const source = Readable.from(checkedHead(chunks, job.type), { objectMode: false });
  const table = new SheetTable(job);
  if (job.type === 'csv') {
    try {
      await readCsv(source, (cells) => table.add(cells));
    } catch (err) {
      throw err instanceof SheetError ? err : new SheetError(SHEET_MESSAGES.unreadable('CSV'), { cause: err });
    }
    return table.records((c) => c);
  }
  const { resolve } = await readXlsx(source, job.maxInflatedBytes, (cells) => table.add(cells));
  return table.records(resolve);
}
