import type { Writable } from 'node:stream';
import { streamEntry, wholeEntry, writeDirectory, zipOut } from './zip-stream.ts';

/** Characters of sheet XML deflated at a time. */
const CHUNK_CHARS = 16_384;

/**
 * A streaming XLSX writer for exports of any size: one sheet, a bold header row, text as inline
 * strings and numbers as numbers. The sheet's XML is deflated as rows come and written out at once
 * (a zip entry with a data descriptor), so memory stays flat however many rows there are; the rest
 * of the workbook is a few fixed parts. The zip is plain (not ZIP64): an entry must stay under 4 GB.
 */
const FIXED: Record<string, string> = {
  '[Content_Types].xml':
    '<?xml version="1.0" encoding="UTF-8" standalone="yes"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/><Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/><Override PartName="/xl/styles.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.styles+xml"/></Types>',
  '_rels/.rels':
    '<?xml version="1.0" encoding="UTF-8" standalone="yes"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="xl/workbook.xml"/></Relationships>',
  'xl/_rels/workbook.xml.rels':
    '<?xml version="1.0" encoding="UTF-8" standalone="yes"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/worksheet" Target="worksheets/sheet1.xml"/><Relationship Id="rId2" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/styles" Target="styles.xml"/></Relationships>',
  'xl/styles.xml':
    '<?xml version="1.0" encoding="UTF-8" standalone="yes"?><styleSheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><numFmts count="2"><numFmt numFmtId="164" formatCode="dd-mm-yyyy"/><numFmt numFmtId="165" formatCode="dd-mm-yyyy hh:mm"/></numFmts><fonts count="2"><font><sz val="11"/><name val="Calibri"/></font><font><b/><sz val="11"/><name val="Calibri"/></font></fonts><fills count="2"><fill><patternFill patternType="none"/></fill><fill><patternFill patternType="gray125"/></fill></fills><borders count="1"><border><left/><right/><top/><bottom/><diagonal/></border></borders><cellStyleXfs count="1"><xf numFmtId="0" fontId="0" fillId="0" borderId="0"/></cellStyleXfs><cellXfs count="4"><xf numFmtId="0" fontId="0" fillId="0" borderId="0" xfId="0"/><xf numFmtId="0" fontId="1" fillId="0" borderId="0" xfId="0" applyFont="1"/><xf numFmtId="164" fontId="0" fillId="0" borderId="0" xfId="0" applyNumberFormat="1"/><xf numFmtId="165" fontId="0" fillId="0" borderId="0" xfId="0" applyNumberFormat="1"/></cellXfs></styleSheet>',
};

const workbookXml = (sheet: string) =>
  `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><workbook xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"><sheets><sheet name="${escapeXml(sheet)}" sheetId="1" r:id="rId1"/></sheets></workbook>`;

/** XML text: the five entities escaped, characters XML 1.0 cannot hold (most control characters) dropped. */
export function escapeXml(text: string): string {
  return text
    .replace(/[^\t\n\r\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/gu, '')
    .replace(/[&<>"]/g, (c) => (c === '&' ? '&amp;' : c === '<' ? '&lt;' : c === '>' ? '&gt;' : '&quot;'));
}

/** A column's letters: 0 → A, 25 → Z, 26 → AA. */
export function columnName(index: number): string {
  let name = '';
  for (let n = index + 1; n > 0; n = Math.floor((n - 1) / 26)) {
    name = String.fromCharCode(65 + ((n - 1) % 26)) + name;
  }
  return name;
}

/**
 * A date cell: Excel's serial day (days since 1899-12-30, the time of day as a fraction) of India's
 * wall clock, shown as `dd-mm-yyyy` (a day) or `dd-mm-yyyy hh:mm` (a moment), so a spreadsheet
 * sorts and filters it as a date (issue 33).
 */
export class XlsxDate {
  constructor(
    readonly serial: number,
    readonly withTime: boolean,
  ) {}
}

const DAY_MS = 86_400_000;
/** 1970-01-01 as Excel's serial day. */
const EPOCH_SERIAL = 25_569;
const INDIA_OFFSET_MS = 330 * 60_000;

/** A plain day `2027-03-31` as a date cell. */
export const xlsxDay = (day: string) => new XlsxDate(Date.parse(`${day}T00:00:00Z`) / DAY_MS + EPOCH_SERIAL, false);
/** A moment as a date-time cell on India's clock (to the minute the format shows, kept to the second). */
export const xlsxMoment = (at: Date) => new XlsxDate(Math.round((at.getTime() + INDIA_OFFSET_MS) / 1000) / 86_400 + EPOCH_SERIAL, true);

function cellXml(value: unknown, ref: string, style: string): string {
  if (value === null || value === undefined || value === '') {
    return `<c r="${ref}"${style}/>`;
  }
  if (value instanceof Date && Number.isFinite(value.getTime())) {
    return cellXml(xlsxMoment(value), ref, style);
  }
  if (value instanceof XlsxDate) {
    return `<c r="${ref}" s="${value.withTime ? 3 : 2}"><v>${value.serial}</v></c>`;
  }
  if (typeof value === 'number' && Number.isFinite(value)) {
    return `<c r="${ref}"${style}><v>${value}</v></c>`;
  }
  const text = value instanceof Date ? value.toISOString() : String(value);
  return `<c r="${ref}"${style} t="inlineStr"><is><t xml:space="preserve">${escapeXml(text)}</t></is></c>`;
}

/** A row with its number and each cell's reference (readers such as exceljs need them). */
const rowXml = (columns: string[], n: number, values: unknown[], header = false) =>
  `<row r="${n}">${values.map((v, i) => cellXml(v, `${columns[i] ?? columnName(i)}${n}`, header ? ' s="1"' : '')).join('')}</row>`;

export type XlsxWriter = {
  /** Adds rows (cell values); resolves when the output has taken them (backpressure). */
  addRows: (rows: unknown[][]) => Promise<void>;
  /** Ends the sheet and the workbook; the output stream is ended. */
  finish: () => Promise<void>;
};

/** The sheet's XML up to and including its header row: frozen first row, a width per column. */
const sheetStartXml = (columns: string[], header: string[]) =>
  `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetViews><sheetView workbookViewId="0"><pane ySplit="1" topLeftCell="A2" activePane="bottomLeft" state="frozen"/></sheetView></sheetViews><cols>${header
    .map((h, i) => `<col min="${i + 1}" max="${i + 1}" width="${Math.max(12, h.length + 2)}" customWidth="1"/>`)
    .join('')}</cols><sheetData>${rowXml(columns, 1, header, true)}`;

/** Starts a workbook on `out` with one sheet named `sheet` and its header row. */
export async function createXlsxWriter(out: Writable, sheet: string, header: string[]): Promise<XlsxWriter> {
  const zip = zipOut(out);
  for (const [name, xml] of Object.entries(FIXED)) {
    await wholeEntry(zip, name, xml);
  }
  await wholeEntry(zip, 'xl/workbook.xml', workbookXml(sheet.slice(0, 31)));
  const columns = header.map((_, i) => columnName(i));
  let rowNumber = 1;
  const body = await streamEntry(zip, 'xl/worksheets/sheet1.xml');
  await body.add(sheetStartXml(columns, header));
  return {
    async addRows(rows) {
      // A few KB of XML at a time: a whole batch's in one string would be a large object that only
      // a full collection frees (the CSV export writes the same way).
      let xml = '';
      for (const r of rows) {
        xml += rowXml(columns, ++rowNumber, r);
        if (xml.length >= CHUNK_CHARS) {
          await body.add(xml);
          xml = '';
        }
      }
      if (xml) {
        await body.add(xml);
      }
    },
    async finish() {
      await body.add('</sheetData></worksheet>');
      await body.close();
      await writeDirectory(zip);
      out.end();
    },
  };
}
