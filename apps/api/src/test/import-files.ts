import { randomBytes } from 'node:crypto';
import { createDeflateRaw, crc32, deflateRawSync } from 'node:zlib';
import ExcelJS from 'exceljs';

// Files for the import tests (and bench/imports.ts): sheets as exceljs writes them, zips built by
// hand where the order of entries or their inflated size matters, and multipart bodies.

/** An XLSX as exceljs writes it (sheet before shared strings, workbook.xml last). */
export async function xlsxOf(rows: (string | number)[][]): Promise<Buffer> {
  const book = new ExcelJS.Workbook();
  const ws = book.addWorksheet('Import');
  for (const r of rows) {
    ws.addRow(r);
  }
  return Buffer.from(await book.xlsx.writeBuffer());
}

export const csvOf = (rows: string[][]) => Buffer.from(rows.map((r) => r.join(',')).join('\n'));

export type ZipEntry = { name: string; data: Buffer } | { name: string; deflated: Buffer; size: number };

/** A zip of deflated entries, in the order given (with the central directory at the end). */
export function zipOf(entries: ZipEntry[]): Buffer {
  const parts: Buffer[] = [];
  const central: Buffer[] = [];
  let offset = 0;
  for (const e of entries) {
    const name = Buffer.from(e.name);
    const body = 'data' in e ? deflateRawSync(e.data) : e.deflated;
    const size = 'data' in e ? e.data.length : e.size;
    const crc = 'data' in e ? crc32(e.data) : 0;
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(8, 8); // deflate
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(body.length, 18);
    local.writeUInt32LE(size >>> 0, 22);
    local.writeUInt16LE(name.length, 26);
    const dir = Buffer.alloc(46);
    dir.writeUInt32LE(0x02014b50, 0);
    dir.writeUInt16LE(20, 4);
    dir.writeUInt16LE(20, 6);
    dir.writeUInt16LE(8, 10);
    dir.writeUInt32LE(crc, 16);
    dir.writeUInt32LE(body.length, 20);
    dir.writeUInt32LE(size >>> 0, 24);
    dir.writeUInt16LE(name.length, 28);
    dir.writeUInt32LE(offset, 42);
    parts.push(local, name, body);
    central.push(dir, name);
    offset += local.length + name.length + body.length;
  }
  const dirSize = central.reduce((n, b) => n + b.length, 0);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(dirSize, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...parts, ...central, end]);
}

const RELS = `<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/worksheet" Target="worksheets/sheet1.xml"/><Relationship Id="rId2" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/worksheet" Target="worksheets/sheet2.xml"/></Relationships>`;
const workbook = (first: 'rId1' | 'rId2') =>
  `<?xml version="1.0" encoding="UTF-8"?><workbook xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"><sheets><sheet name="First" sheetId="1" r:id="${first}"/><sheet name="Second" sheetId="2" r:id="${first === 'rId1' ? 'rId2' : 'rId1'}"/></sheets></workbook>`;
const xmlText = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;');

/** Sheet XML whose string cells refer to shared strings by index (`s`) or hold them inline. */
export function sheetXml(rows: (string | number)[][], strings: 'shared' | 'inline', shared: string[] = []): string {
  const cols = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ';
  const cell = (v: string | number, r: number, c: number) => {
    const ref = `${cols[c]}${r}`;
    if (typeof v === 'number') {
      return `<c r="${ref}"><v>${v}</v></c>`;
    }
    if (strings === 'inline') {
      return `<c r="${ref}" t="inlineStr"><is><t>${xmlText(v)}</t></is></c>`;
    }
    let i = shared.indexOf(v);
    if (i < 0) {
      i = shared.push(v) - 1;
    }
    return `<c r="${ref}" t="s"><v>${i}</v></c>`;
  };
  const body = rows.map((r, i) => `<row r="${i + 1}">${r.map((v, c) => cell(v, i + 1, c)).join('')}</row>`).join('');
  return `<?xml version="1.0" encoding="UTF-8"?><worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData>${body}</sheetData></worksheet>`;
}

export const sharedStringsXml = (strings: string[]) =>
  `<?xml version="1.0" encoding="UTF-8"?><sst xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" count="${strings.length}" uniqueCount="${strings.length}">${strings.map((s) => `<si><t>${xmlText(s)}</t></si>`).join('')}</sst>`;

/**
 * A two-sheet XLSX in Excel's order (workbook.xml first, sheets, then shared strings). `first`
 * names which sheet the workbook lists first: the import reads that one.
 */
export function excelOrderXlsx(sheets: [(string | number)[][], (string | number)[][]], first: 'rId1' | 'rId2' = 'rId1'): Buffer {
  const shared: string[] = [];
  const [one, two] = sheets.map((rows) => sheetXml(rows, 'shared', shared));
  return zipOf([
    { name: '[Content_Types].xml', data: Buffer.from('<?xml version="1.0"?><Types/>') },
    { name: 'xl/workbook.xml', data: Buffer.from(workbook(first)) },
    { name: 'xl/_rels/workbook.xml.rels', data: Buffer.from(RELS) },
    { name: 'xl/worksheets/sheet1.xml', data: Buffer.from(one ?? '') },
    { name: 'xl/worksheets/sheet2.xml', data: Buffer.from(two ?? '') },
    { name: 'xl/sharedStrings.xml', data: Buffer.from(sharedStringsXml(shared)) },
  ]);
}

/** Deflates `repeat` copies of `unit` between `head` and `tail` without holding them inflated. */
export async function deflateRepeated(
  head: string,
  unit: Buffer,
  repeat: number,
  tail: string,
): Promise<{ deflated: Buffer; size: number }> {
  const deflate = createDeflateRaw();
  const out: Buffer[] = [];
  deflate.on('data', (b: Buffer) => out.push(b));
  const ended = new Promise((resolve) => deflate.on('end', resolve));
  const write = (b: Buffer) => (deflate.write(b) ? Promise.resolve() : new Promise((r) => deflate.once('drain', r)));
  await write(Buffer.from(head));
  for (let i = 0; i < repeat; i++) {
    await write(unit);
  }
  deflate.end(Buffer.from(tail));
  await ended;
  return { deflated: Buffer.concat(out), size: head.length + unit.length * repeat + tail.length };
}

/** A zip bomb: a small XLSX whose one cell inflates to `mb` megabytes. */
export async function bombXlsx(mb: number): Promise<Buffer> {
  const sheet = await deflateRepeated(
    '<worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData><row r="1"><c r="A1" t="inlineStr"><is><t>',
    Buffer.alloc(1024 * 1024, 'A'),
    mb,
    '</t></is></c></row></sheetData></worksheet>',
  );
  return zipOf([{ name: 'xl/worksheets/sheet1.xml', ...sheet }]);
}

/** A multipart/form-data body with one file part (and optional fields before it). */
export function multipartFile(fileName: string, data: Buffer, opts: { field?: string; fields?: Record<string, string> } = {}) {
  const boundary = `----freightdesk${randomBytes(8).toString('hex')}`;
  const chunks: Buffer[] = [];
  for (const [name, value] of Object.entries(opts.fields ?? {})) {
    chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`));
  }
  chunks.push(
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="${opts.field ?? 'file'}"; filename="${fileName}"\r\nContent-Type: application/octet-stream\r\n\r\n`,
    ),
    data,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  );
  return { payload: Buffer.concat(chunks), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

/** The headings of the clients import, in the template's order. */
export const CLIENT_HEADING = [
  'Company name',
  'Contact person',
  'Mobile',
  'Address name',
  'Address',
  'City',
  'State',
  'PIN code',
  'Latitude',
  'Longitude',
];

/** A valid row of the clients import: `Client <i>` (or `name`) in Surat. */
export const clientRow = (i: number, name = `Client ${i}`) => [
  name,
  'Asha',
  `98${String(i).padStart(8, '0')}`,
  'Main',
  `Street ${i}`,
  'Surat',
  'Gujarat',
  '395003',
  '21.17',
  '72.83',
];
