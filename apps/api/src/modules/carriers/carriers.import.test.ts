import ExcelJS from 'exceljs';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { useTestApp } from '../../test/harness.ts';
import { multipartFile } from '../../test/import-files.ts';
import { CARRIER_IMPORT_COLUMNS } from './carriers.import.ts';

const t = useTestApp();
let owner = '';

beforeAll(async () => {
  owner = await t.login('owner@demo.test');
});

const row = (n: number, patch: Record<string, string> = {}) => ({
  name: `Import Carrier ${n}`,
  contactName: `Driver Lead ${n}`,
  mobile: `96${String(n).padStart(8, '0')}`,
  email: `import${n}@carrier.test`,
  pan: '',
  gstin: '',
  address: '',
  city: 'Indore',
  state: 'Madhya Pradesh',
  pincode: '452001',
  fleetSize: '12',
  code: `IC${n}`,
  ...patch,
});

async function xlsx(rows: Record<string, string>[]): Promise<Buffer> {
  const book = new ExcelJS.Workbook();
  const ws = book.addWorksheet('Carriers');
  ws.addRow(CARRIER_IMPORT_COLUMNS.map((c) => c.label));
  for (const r of rows) {
    ws.addRow(CARRIER_IMPORT_COLUMNS.map((c) => r[c.key] ?? ''));
  }
  return Buffer.from(await book.xlsx.writeBuffer());
}

const upload = (fileName: string, data: Buffer, token = owner) => {
  const form = multipartFile(fileName, data);
  return t.app.inject({ method: 'POST', url: '/api/carriers/import', headers: { ...form.headers, ...t.as(token) }, payload: form.payload });
};
const total = async () => (await t.app.inject({ method: 'GET', url: '/api/carriers', headers: t.as(owner) })).json().total as number;

describe('carrier import', () => {
  it('refuses an XLSX file whole when one row is bad, then imports it when fixed', async () => {
    const before = await total();
    const rows = [row(1), row(2, { mobile: '12345' }), row(3)];
    const refused = await upload('carriers.xlsx', await xlsx(rows));
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error.code).toBe('IMPORT_REJECTED');
    expect(refused.json().error.details.errors).toEqual([{ row: 3, field: 'mobile', message: expect.stringMatching(/10 digits/) }]);
    expect(await total()).toBe(before);

    const fixed = await upload('carriers.xlsx', await xlsx([row(1), row(2), row(3)]));
    expect(fixed.statusCode, fixed.body).toBe(200);
    expect(fixed.json().data).toEqual({ created: 3, linked: 0 });
    expect(await total()).toBe(before + 3);
    // Each new carrier's contact is invited at the address of its own row.
    await vi.waitFor(() =>
      expect(t.mails.map((m) => m.to)).toEqual(expect.arrayContaining([1, 2, 3].map((n) => `import${n}@carrier.test`))),
    );
    const listed = (await t.app.inject({ method: 'GET', url: '/api/carriers?search=Import Carrier 2', headers: t.as(owner) })).json().data;
    expect(listed).toEqual([expect.objectContaining({ name: 'Import Carrier 2', email: 'import2@carrier.test', mobile: '9600000002' })]);
  });

  it('reads CSV with key or label headings, and reports duplicates and already linked carriers', async () => {
    const header = 'name,contactName,mobile,email,city';
    const dup = [header, 'A Roadways,Anil,9500000001,a@x.test,Pune', 'B Roadways,Bala,9500000001,b@x.test,Pune'].join('\n');
    const res = await upload('c.csv', Buffer.from(dup));
    expect(res.json().error.details.errors).toEqual([{ row: 3, field: 'mobile', message: 'Same mobile as row 2' }]);
    const again = [header, 'Again,Anil,9600000001,new@x.test,Pune'].join('\n');
    const linked = await upload('c.csv', Buffer.from(again));
    expect(linked.json().error.details.errors[0]).toMatchObject({ row: 2, message: 'This carrier is already in My Carriers' });
  });

  it('links existing carrier companies instead of duplicating them', async () => {
    const other = await t.login('noplan@demo.test');
    const res = await upload('carriers.xlsx', await xlsx([row(1), row(50)]), other);
    expect(res.json().data).toEqual({ created: 1, linked: 1 });
  });

  it('refuses a file that is not a sheet (400 on file), the old base64 JSON call (415), and staff without the permission', async () => {
    const onFile = async (res: Promise<{ statusCode: number; json: () => { error: { fields?: Record<string, string> } } }>) => {
      const r = await res;
      expect(r.statusCode).toBe(400);
      return r.json().error.fields?.file;
    };
    expect(await onFile(upload('c.pdf', Buffer.from('%PDF-1.7')))).toMatch(/\.csv or \.xlsx/);
    expect(await onFile(upload('c.xlsx', Buffer.from('not a zip')))).toMatch(/not an XLSX workbook/);
    expect(await onFile(upload('c.csv', Buffer.from('foo,bar\n1,2')))).toMatch(/column headings/);
    const json = await t.app.inject({
      method: 'POST',
      url: '/api/carriers/import',
      headers: t.as(owner),
      payload: { fileName: 'c.xlsx', contentBase64: (await xlsx([row(70)])).toString('base64') },
    });
    expect(json.statusCode).toBe(415);
    expect((await upload('c.csv', Buffer.from('name\nA'), await t.login('staff@demo.test'))).statusCode).toBe(403);
  });

  it('offers the template as CSV and XLSX', async () => {
    const csv = await t.app.inject({ method: 'GET', url: '/api/carriers/import/template?format=csv', headers: t.as(owner) });
    expect(csv.body).toContain('Carrier name,Contact person,Mobile,Email');
    const x = await t.app.inject({ method: 'GET', url: '/api/carriers/import/template?format=xlsx', headers: t.as(owner) });
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(x.rawPayload as unknown as ArrayBuffer);
    expect(book.worksheets[0]?.getRow(1).getCell(1).value).toBe('Carrier name');
    // The template's example row imports as it is.
    const res = await upload('template.xlsx', x.rawPayload);
    expect(res.statusCode, res.body).toBe(200);
  });
});
