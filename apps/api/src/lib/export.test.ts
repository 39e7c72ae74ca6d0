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
