import ExcelJS from 'exceljs';
import Papa from 'papaparse';
import { describe, expect, it } from 'vitest';
import { csvRecord, safeText, toCsv, toXlsx } from './export.ts';

type Row = { text: string; amount: number };
const columns = [
  { key: 'text' as const, label: 'Text' },
  { key: 'amount' as const, label: 'Amount' },
];

const DANGEROUS = [
  '=1+1',
  '+91 98',
  '-2+3',
  '@SUM(A1)',
  '\t=1',
  '\r=1',
  ' =HYPERLINK("x")',
  '＝1+1',
  '＋1',
  '－1',
  '＠A1',
  'a;=cmd',
  'x\n=1',
  'y|=2',
];
const HARMLESS = ['Pune DC', 'Plot 7-A', 'a=b', 'name@site.in', '45,00,000', 'Sector-5, Bhiwandi'];

describe('exports keep formulas out', () => {
  it('marks every text that could open a formula as text, full-width and after ; included', () => {
    for (const v of DANGEROUS) {
      expect(safeText(v), JSON.stringify(v)).toBe(`'${v}`);
    }
    for (const v of HARMLESS) {
      expect(safeText(v), v).toBe(v);
    }
    expect(safeText(-5)).toBe(-5);
  });

  it('writes CSV with every field quoted and XLSX cells as text', async () => {
    const rows: Row[] = DANGEROUS.map((text, i) => ({ text, amount: i }));
    const csv = toCsv(rows, columns);
    const parsed = Papa.parse<string[]>(csv.replace(/^\uFEFF/, '')).data;
    expect(parsed.slice(1, DANGEROUS.length + 1).map((r) => r[0])).toEqual(DANGEROUS.map((v) => `'${v}`));
    expect(csv.split(/\r?\n/)[1]).toMatch(/^"'=1\+1","0"$/);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load((await toXlsx(rows, columns, 'Test')) as unknown as ArrayBuffer);
    const sheet = book.worksheets[0];
    // XML turns a CR into a line feed; what matters is that every cell starts as text.
    const cells = DANGEROUS.map((_, i) => String(sheet?.getRow(i + 2).getCell(1).value));
    expect(cells).toEqual(DANGEROUS.map((v) => `'${v.replace(/\r/g, '\n')}`));
    expect(sheet?.getRow(2).getCell(1).formula).toBeUndefined();
  });

  it('writes a CSV record with every field quoted and quotes doubled, read back unchanged', () => {
    const cells = ['Pune "Chakan" Plant', 12.5, null, undefined, '', "'=1+1", 'a,b\r\nc', '₹40,500'];
    expect(csvRecord(['a"b', 1, null])).toBe('"a""b","1",""\r\n');
    expect(Papa.parse(csvRecord(cells).trimEnd()).data[0]).toEqual([
      'Pune "Chakan" Plant',
      '12.5',
      '',
      '',
      '',
      "'=1+1",
      'a,b\r\nc',
      '₹40,500',
    ]);
  });
});

describe('exports write dates as India reads them (issue 38)', () => {
  it('writes a moment as DD-MM-YYYY HH:mm in India time and a day as DD-MM-YYYY, never 24:xx', () => {
    type When = { at: unknown; day: string };
    const csv = toCsv<When>(
      [
        { at: '2026-12-06T18:46:00.000Z', day: '2026-12-07' },
        { at: new Date('2026-12-05T18:22:00Z'), day: '2026-12-05' },
      ],
      [
        { key: 'at', label: 'At' },
        { key: 'day', label: 'Day' },
      ],
    );
    const lines = csv.replace(/^\uFEFF/, '').split('\r\n');
    expect(lines[1]).toBe('"07-12-2026 00:16","07-12-2026"');
    expect(lines[2]).toBe('"05-12-2026 23:52","05-12-2026"');
  });
});

describe('XLSX dates are real dates (issue 33)', () => {
  it('writes a moment and a day as Excel serials with a date format on India’s clock; CSV keeps the text', async () => {
    type When = { at: unknown; day: string; note: string };
    // 2027-03-31 18:45 UTC is 1 April 2027, 00:15 in India: serial 46478 + 15/1440.
    const rows: When[] = [{ at: '2027-03-31T18:45:00.000Z', day: '2027-03-31', note: 'x' }];
    const cols = [
      { key: 'at' as const, label: 'At' },
      { key: 'day' as const, label: 'Day' },
      { key: 'note' as const, label: 'Note' },
    ];
    const file = await toXlsx(rows, cols, 'Dates');
    // The sheet's XML: numeric cells (no t="inlineStr") with the date styles.
    const { default: JSZip } = await import('jszip');
    const zip = await JSZip.loadAsync(file);
    const sheetXml = (await zip.file('xl/worksheets/sheet1.xml')?.async('string')) ?? '';
    const stylesXml = (await zip.file('xl/styles.xml')?.async('string')) ?? '';
    const moment = /<c r="A2" s="3"><v>([\d.]+)<\/v><\/c>/.exec(sheetXml)?.[1];
    expect(Number(moment)).toBeCloseTo(46478 + 15 / 1440, 9);
    expect(sheetXml).toContain('<c r="B2" s="2"><v>46477</v></c>');
    expect(stylesXml).toContain('<numFmt numFmtId="164" formatCode="dd-mm-yyyy"/>');
    expect(stylesXml).toContain('<numFmt numFmtId="165" formatCode="dd-mm-yyyy hh:mm"/>');
    // Read back by a spreadsheet library: dates with their formats, not text.
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(file as unknown as ArrayBuffer);
    const row = book.worksheets[0]?.getRow(2);
    // exceljs reads the serial as a UTC wall clock: India's 00:15 on 1 April.
    expect(row?.getCell(1).value).toEqual(new Date('2027-04-01T00:15:00.000Z'));
    expect(row?.getCell(1).numFmt).toBe('dd-mm-yyyy hh:mm');
    expect(row?.getCell(2).value).toEqual(new Date('2027-03-31T00:00:00.000Z'));
    expect(row?.getCell(2).numFmt).toBe('dd-mm-yyyy');
    expect(row?.getCell(3).value).toBe('x');
    const csv = toCsv(rows, cols)
      .replace(/^\uFEFF/, '')
      .split('\r\n');
    expect(csv[1]).toBe('"01-04-2027 00:15","31-03-2027","x"');
  });
});
