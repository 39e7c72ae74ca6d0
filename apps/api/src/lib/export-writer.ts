import { once } from 'node:events';
import { PassThrough } from 'node:stream';
import { csvRecord, type ExportColumn, type ExportFormat, exportCell, xlsxCell } from './export.ts';
import type { Storage } from './storage.ts';
import { createXlsxWriter } from './xlsx-writer.ts';

/** CSV text is written a few KB at a time. */
const CSV_CHUNK = 16_384;

type Batches<Row> = { columns: ExportColumn<Row>[]; batches: AsyncIterable<Row[]>; progress: (rows: number) => Promise<void> };

/** The CSV (a byte-order mark, the header, the records); answers the rows written. */
async function writeCsv<Row>(out: PassThrough, { columns, batches, progress }: Batches<Row>): Promise<number> {
  const write = async (text: string) => {
    if (!out.write(text)) {
      await once(out, 'drain');
    }
  };
  let rows = 0;
  await write(`\uFEFF${csvRecord(columns.map((c) => c.label))}`);
  for await (const batch of batches) {
    // Record by record into a few KB of text at a time: a batch's text in one string would be
    // a large object that only a full collection frees.
    let text = '';
    for (const r of batch) {
      text += csvRecord(columns.map((c) => exportCell(r, c)));
      if (text.length >= CSV_CHUNK) {
        await write(text);
        text = '';
      }
    }
    if (text) {
      await write(text);
    }
    rows += batch.length;
    await progress(rows);
  }
  out.end();
  return rows;
}

/** The workbook (one sheet named `label`); answers the rows written. */
async function writeXlsx<Row>(out: PassThrough, label: string, { columns, batches, progress }: Batches<Row>): Promise<number> {
  const book = await createXlsxWriter(
    out,
    label,
    columns.map((c) => c.label),
  );
  let rows = 0;
  for await (const batch of batches) {
    await book.addRows(batch.map((r) => columns.map((c) => xlsxCell(r, c))));
    rows += batch.length;
    await progress(rows);
  }
  await book.finish();
  return rows;
}

/** Streams a report's batches into a CSV or XLSX file in storage; answers the rows and bytes written. */
export async function writeReport<Row>(
  storage: Storage,
  key: string,
  format: ExportFormat,
  label: string,
  columns: ExportColumn<Row>[],
  batches: AsyncIterable<Row[]>,
  progress: (rows: number) => Promise<void>,
): Promise<{ rows: number; bytes: number }> {
  const out = new PassThrough();
  let bytes = 0;
  out.on('data', (chunk: Buffer) => {
    bytes += chunk.length;
  });
  const counted = new PassThrough();
  out.pipe(counted);
  const stored = storage.put(key, counted);
  try {
    const source = { columns, batches, progress };
    const rows = format === 'csv' ? await writeCsv(out, source) : await writeXlsx(out, label, source);
    await stored;
    return { rows, bytes };
  } catch (err) {
    out.destroy(err as Error);
    await stored.catch(() => undefined);
    throw err;
  }
}
