import { describe, expect, it } from 'vitest';
import { columnOf, parseFirstSheetId, parseRelationships, parseSharedStrings, parseSheetRows } from './xlsx-xml.ts';

/** The text as the zip would hand it on: in chunks of `size` bytes (characters split between them). */
async function* chunks(text: string, size = 7) {
  const bytes = Buffer.from(text, 'utf8');
  for (let i = 0; i < bytes.length; i += size) {
    yield bytes.subarray(i, i + size);
  }
}

async function rowsOf(sheetData: string, strings: string[] = [], prefix = '') {
  const rows: string[][] = [];
  const xml = `<?xml version="1.0"?><${prefix}worksheet xmlns="x"><${prefix}sheetData>${sheetData}</${prefix}sheetData></${prefix}worksheet>`;
  await parseSheetRows(
    chunks(xml),
    (i) => strings[i] ?? '',
    (cells) => rows.push(cells),
  );
  return rows;
}

describe('xlsx-xml', () => {
  it('reads each cell type as the import sees it', async () => {
    const rows = await rowsOf(
      '<row r="1"><c r="A1" t="s"><v>1</v></c><c r="B1" t="inlineStr"><is><r><t>Ab</t></r><r><t xml:space="preserve"> &amp; cd</t></r></is></c>' +
        '<c r="C1"><v>12.50</v></c><c r="D1" t="b"><v>1</v></c><c r="E1" t="b"><v>0</v></c><c r="F1" t="e"><v>#N/A</v></c>' +
        '<c r="G1" t="str"><f>A1&amp;"x"</f><v>Tx</v></c><c r="H1"><f>1+1</f><v>2</v></c><c r="I1" s="2"><v>46112</v></c></row>',
      ['zero', 'one'],
    );
    expect(rows).toEqual([['one', 'Ab & cd', '12.5', 'true', 'false', '#N/A', 'Tx', '2', '46112']]);
  });

  it('places cells by their reference, empty ones and gaps as empty text, and reads every row', async () => {
    const rows = await rowsOf(
      '<row r="1"><c r="B1"><v>1</v></c><c r="D1"/><c r="E1" t="inlineStr"><is><t></t></is></c></row><row r="3"/><row r="4"><c><v>7</v></c><c><v>8</v></c></row>',
    );
    expect(rows).toEqual([['', '1', '', '', ''], [], ['7', '8']]);
  });

  it('reads SpreadsheetML written with a namespace prefix, and multi-byte text split between chunks', async () => {
    const rows = await rowsOf('<x:row r="1"><x:c r="A1" t="inlineStr"><x:is><x:t>दिल्ली → ₹</x:t></x:is></x:c></x:row>', [], 'x:');
    expect(rows).toEqual([['दिल्ली → ₹']]);
  });

  it('refuses a cell reference past the last column (XFD)', async () => {
    expect(columnOf('XFD1')).toBe(16_383);
    expect(columnOf('AA7')).toBe(26);
    expect(() => columnOf('XFE1')).toThrow(/past the last column/);
    await expect(rowsOf('<row r="1"><c r="ZZZZZZZZ1"><v>1</v></c></row>')).rejects.toThrow(/past the last column/);
  });

  it('stops when the row handler throws', async () => {
    const seen: string[][] = [];
    const xml = `<worksheet><sheetData>${'<row><c><v>1</v></c></row>'.repeat(50)}</sheetData></worksheet>`;
    const stop = parseSheetRows(
      chunks(xml),
      () => '',
      (cells) => {
        seen.push(cells);
        if (seen.length === 3) {
          throw new Error('limit');
        }
      },
    );
    await expect(stop).rejects.toThrow('limit');
    expect(seen).toHaveLength(3);
  });

  it('reads shared strings (rich runs joined, phonetic readings left out), relations and the first sheet', async () => {
    const sst =
      '<sst><si><t>Plain</t></si><si><r><rPr><b/></rPr><t>Bo</t></r><r><t>ld</t></r></si><si><t>東京</t><rPh sb="0" eb="2"><t>トウキョウ</t></rPh></si><si><t/></si></sst>';
    expect(await parseSharedStrings(chunks(sst))).toEqual(['Plain', 'Bold', '東京', '']);
    const rels =
      '<Relationships><Relationship Id="rId1" Type="t" Target="worksheets/sheet2.xml"/><Relationship Id="rId2" Type="t" Target="/xl/worksheets/sheet1.xml"/></Relationships>';
    expect(await parseRelationships(chunks(rels))).toEqual([
      { id: 'rId1', target: 'worksheets/sheet2.xml' },
      { id: 'rId2', target: '/xl/worksheets/sheet1.xml' },
    ]);
    const book =
      '<workbook xmlns:r="r"><sheets><sheet name="B" sheetId="2" r:id="rId2"/><sheet name="A" sheetId="1" r:id="rId1"/></sheets></workbook>';
    expect(await parseFirstSheetId(chunks(book))).toBe('rId2');
  });
});
