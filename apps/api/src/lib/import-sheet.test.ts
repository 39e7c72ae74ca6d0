import { describe, expect, it } from 'vitest';
import { bombXlsx, csvOf, deflateRepeated, excelOrderXlsx, sharedStringsXml, sheetXml, xlsxOf, zipOf } from '../test/import-files.ts';
import { SheetError } from './import-sheet-errors.ts';
import { readSheetRecords, type SheetJob } from './import-sheet.ts';

const columns = [
  { key: 'name', label: 'Company name' },
  { key: 'city', label: 'City' },
];
const job = (type: 'csv' | 'xlsx', over: Partial<SheetJob> = {}): SheetJob => ({
  type,
  columns,
  maxRows: 10_000,
  maxInflatedBytes: 64 * 1024 * 1024,
  ...over,
});

/** The bytes as an upload delivers them: in chunks of a few KB. */
async function* chunked(data: Buffer, size = 16 * 1024): AsyncGenerator<Buffer> {
  for (let i = 0; i < data.length; i += size) {
    yield data.subarray(i, i + size);
  }
}
const read = (data: Buffer, j: SheetJob) => readSheetRecords(chunked(data), j);
const failure = async (p: Promise<unknown>) => {
  const err = await p.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(SheetError);
  return (err as SheetError).message;
};

const heading = ['Company name', 'City', 'Not a column'];
const dataRows = (n: number) => Array.from({ length: n }, (_, i) => [`Firm ${i}`, 'Pune', `x${i}`]);

describe('reading an uploaded sheet', () => {
  it('reads CSV and XLSX into records keyed by column, headings by label or key, empty rows skipped', async () => {
    const csv = Buffer.from('\uFEFFCompany name,city,Other\r\n"Shah, Sons",Surat,1\r\n,,\r\n"Two\nlines",Pune,2\r\n');
    expect(await read(csv, job('csv'))).toEqual([
      { name: 'Shah, Sons', city: 'Surat' },
      { name: 'Two\nlines', city: 'Pune' },
    ]);
    const xlsx = await xlsxOf([heading, ['Shah', 'Surat', 1], [], ['Mehta', 411001, 2]]);
    expect(await read(xlsx, job('xlsx'))).toEqual([
      { name: 'Shah', city: 'Surat' },
      { name: 'Mehta', city: '411001' },
    ]);
  });

  it('joins a UTF-8 character split between two chunks', async () => {
    const csv = Buffer.from('Company name,City\nनाशिक ट्रान्सपोर्ट,पुणे\n');
    expect(await readSheetRecords(chunked(csv, 3), job('csv'))).toEqual([{ name: 'नाशिक ट्रान्सपोर्ट', city: 'पुणे' }]);
  });

  it('reads the sheet the workbook lists first, with shared strings that come after the sheets (Excel order)', async () => {
    const first = [heading, ['Alpha', 'Nagpur', 'a']];
    const second = [
      ['Company name', 'City'],
      ['Beta', 'Pune'],
    ];
    expect(await read(excelOrderXlsx([first, second]), job('xlsx'))).toEqual([{ name: 'Alpha', city: 'Nagpur' }]);
    expect(await read(excelOrderXlsx([first, second], 'rId2'), job('xlsx'))).toEqual([{ name: 'Beta', city: 'Pune' }]);
  });

  it('reads shared strings that come before the sheet, and inline strings', async () => {
    const shared: string[] = [];
    const sheet = sheetXml([heading, ['Gamma', 'Indore', 'g']], 'shared', shared);
    const stringsFirst = zipOf([
      { name: 'xl/sharedStrings.xml', data: Buffer.from(sharedStringsXml(shared)) },
      { name: 'xl/worksheets/sheet1.xml', data: Buffer.from(sheet) },
    ]);
    expect(await read(stringsFirst, job('xlsx'))).toEqual([{ name: 'Gamma', city: 'Indore' }]);
    const inline = zipOf([{ name: 'xl/worksheets/sheet1.xml', data: Buffer.from(sheetXml([heading, ['Delta', 'Thane', 'd']], 'inline')) }]);
    expect(await read(inline, job('xlsx'))).toEqual([{ name: 'Delta', city: 'Thane' }]);
  });

  it('reads 10,000 rows, and stops at the 10,001st with the limit named (CSV and XLSX)', async () => {
    expect(await read(csvOf([heading, ...dataRows(10_000)]), job('csv'))).toHaveLength(10_000);
    expect(await failure(read(csvOf([heading, ...dataRows(10_001)]), job('csv')))).toMatch(/At most 10,000 rows per file/);
    const limit = job('xlsx', { maxRows: 50 });
    expect(await read(await xlsxOf([heading, ...dataRows(50)]), limit)).toHaveLength(50);
    expect(await failure(read(await xlsxOf([heading, ...dataRows(51)]), limit))).toMatch(/At most 50 rows per file/);
  });

  it('stops at the row limit without waiting for the rest of the file', async () => {
    // A CSV upload that never ends: the reader must answer once the limit is passed.
    async function* endlessCsv() {
      yield Buffer.from('Company name,City\n');
      for (let i = 0; ; i++) {
        yield Buffer.from(`Firm ${i},Pune\n`);
      }
    }
    expect(await failure(readSheetRecords(endlessCsv(), job('csv', { maxRows: 100 })))).toMatch(/At most 100 rows/);
    // An XLSX whose sheet never ends (no sizes in the zip header, deflate data forever).
    const rows = await deflateRepeated(
      `<worksheet><sheetData><row r="1"><c r="A1" t="inlineStr"><is><t>Company name</t></is></c></row>`,
      Buffer.from('<row r="2"><c r="A2" t="inlineStr"><is><t>Firm</t></is></c></row>'),
      20_000,
      '',
    );
    async function* endlessXlsx() {
      const header = Buffer.alloc(30);
      header.writeUInt32LE(0x04034b50, 0);
      header.writeUInt16LE(20, 4);
      header.writeUInt16LE(0x08, 6); // sizes follow the data
      header.writeUInt16LE(8, 8);
      const name = Buffer.from('xl/worksheets/sheet1.xml');
      header.writeUInt16LE(name.length, 26);
      yield Buffer.concat([header, name]);
      yield* chunked(rows.deflated);
      await new Promise(() => {}); // the upload stalls here, well past the limit
    }
    expect(await failure(readSheetRecords(endlessXlsx(), job('xlsx', { maxRows: 100 })))).toMatch(/At most 100 rows/);
  });

  it('refuses a zip bomb by the bytes it inflates to, whichever entry holds them', async () => {
    const bomb = await bombXlsx(80);
    expect(bomb.length).toBeLessThan(200_000);
    expect(await failure(read(bomb, job('xlsx')))).toMatch(/unpacks to more than 64 MB/);
    const hidden = await deflateRepeated('', Buffer.alloc(1024 * 1024), 80, '');
    const inProps = zipOf([{ name: 'docProps/app.xml', ...hidden }]);
    expect(await failure(read(inProps, job('xlsx')))).toMatch(/unpacks to more than 64 MB/);
  });

  it('refuses a file that is not what its name says, broken, empty or without headings', async () => {
    const good = await xlsxOf([heading, ['Shah', 'Surat', 1]]);
    expect(await failure(read(Buffer.from('Company name,City\nA,B'), job('xlsx')))).toMatch(/not an XLSX workbook/);
    expect(await failure(read(good, job('csv')))).toMatch(/not a CSV text file/);
    expect(await failure(read(good.subarray(0, good.length - 500), job('xlsx')))).toMatch(/not a readable XLSX file/);
    const corrupt = Buffer.from(good);
    corrupt.fill(0x5a, 200, 1200);
    expect(await failure(read(corrupt, job('xlsx')))).toMatch(/not a readable XLSX file/);
    expect(await failure(read(zipOf([{ name: 'xl/workbook.xml', data: Buffer.from('<workbook/>') }]), job('xlsx')))).toMatch(
      /no worksheet/,
    );
    expect(await failure(read(Buffer.alloc(0), job('csv')))).toBe('The file is empty.');
    expect(await failure(read(Buffer.from('foo,bar\n1,2\n'), job('csv')))).toMatch(/column headings/);
    expect(
      await failure(
        read(
          await xlsxOf([
            ['foo', 'bar'],
            ['1', '2'],
          ]),
          job('xlsx'),
        ),
      ),
    ).toMatch(/column headings/);
    expect(await failure(read(Buffer.from('\n\n'), job('csv')))).toMatch(/column headings/);
  });
});
