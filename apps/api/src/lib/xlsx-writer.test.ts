import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { columnName, createXlsxWriter, escapeXml } from './xlsx-writer.ts';

async function workbookOf(rows: unknown[][], header = ['Order', 'Driver', 'Rate (₹)']) {
  const out = new PassThrough();
  const chunks: Buffer[] = [];
  out.on('data', (c: Buffer) => chunks.push(c));
  const writer = await createXlsxWriter(out, 'Order register', header);
  for (let i = 0; i < rows.length; i += 1000) {
    await writer.addRows(rows.slice(i, i + 1000));
  }
  await writer.finish();
  const bytes = Buffer.concat(chunks);
  const { default: ExcelJS } = await import('exceljs');
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer);
  return { book, bytes };
}

describe('the streaming XLSX writer', () => {
  it('writes a workbook Excel readers open: the header bold, text as text, numbers as numbers, blanks empty', async () => {
    const { book } = await workbookOf([
      ['ORD-2026-000001', '\'=HYPERLINK("x")', 52300.5],
      ['ORD-2026-000002', null, 0],
      ['A & B <c> "d"', 'tab\there\u0001bell', -1],
    ]);
    const sheet = book.worksheets[0];
    expect(sheet?.name).toBe('Order register');
    expect(sheet?.getRow(1).values).toEqual([undefined, 'Order', 'Driver', 'Rate (₹)']);
    expect(sheet?.getRow(1).getCell(1).font?.bold).toBe(true);
    expect(sheet?.getRow(2).values).toEqual([undefined, 'ORD-2026-000001', '\'=HYPERLINK("x")', 52300.5]);
    expect(sheet?.getRow(3).getCell(2).value).toBeNull();
    expect(sheet?.getRow(3).getCell(3).value).toBe(0);
    expect(sheet?.getRow(4).values).toEqual([undefined, 'A & B <c> "d"', 'tab\therebell', -1]);
  });

  it('keeps every row of a large sheet, compressed', async () => {
    const rows = Array.from({ length: 20_000 }, (_, i) => [`ORD-${String(i).padStart(6, '0')}`, `Driver ${i % 97}`, i * 100]);
    const { book, bytes } = await workbookOf(rows);
    const sheet = book.worksheets[0];
    expect(sheet?.rowCount).toBe(20_001);
    expect(sheet?.getRow(20_001).values).toEqual([undefined, 'ORD-019999', 'Driver 17', 1_999_900]);
    expect(bytes.length).toBeLessThan(600_000);
  });

  it('names columns as spreadsheets do', () => {
    expect([0, 25, 26, 51, 52, 701, 702].map(columnName)).toEqual(['A', 'Z', 'AA', 'AZ', 'BA', 'ZZ', 'AAA']);
  });

  it('escapes XML and drops characters XML cannot hold', () => {
    expect(escapeXml('a&b<c>"d"\u0000\u0008\u000B')).toBe('a&amp;b&lt;c&gt;&quot;d&quot;');
    expect(escapeXml('₹ लाख 🚚')).toBe('₹ लाख 🚚');
  });
});

describe('a workbook from the writer read back by the import reader', () => {
  it('gives back every cell as the importer reads text (an export or template uploaded unchanged)', async () => {
    const { Readable } = await import('node:stream');
    const { readXlsx } = await import('./import-xlsx.ts');
    const { bytes } = await workbookOf([
      ['ORD-1', 'Ramesh & sons', 30000],
      ['ORD-2', '', 41750.25],
    ]);
    const rows: string[][] = [];
    await readXlsx(Readable.from([bytes]), 50 * 2 ** 20, (cells) => rows.push(cells));
    expect(rows).toEqual([
      ['Order', 'Driver', 'Rate (₹)'],
      ['ORD-1', 'Ramesh & sons', '30000'],
      ['ORD-2', '', '41750.25'],
    ]);
  });
});
