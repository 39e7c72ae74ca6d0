import ExcelJS from 'exceljs';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../../test/harness.ts';
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

async function xlsx(rows: Record<string, string>[]): Promise<string> {
  const book = new ExcelJS.Workbook();
  const ws = book.addWorksheet('Carriers');
  ws.addRow(CARRIER_IMPORT_COLUMNS.map((c) => c.label));
  for (const r of rows) {
    ws.addRow(CARRIER_IMPORT_COLUMNS.map((c) => r[c.key] ?? ''));
  }
  return Buffer.from(await book.xlsx.writeBuffer()).toString('base64');
}

const upload = (fileName: string, contentBase64: string, token = owner) =>
  t.app.inject({ method: 'POST', url: '/api/carriers/import', headers: t.as(token), payload: { fileName, contentBase64 } });
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
  });

  it('reads CSV with key or label headings, and reports duplicates and already linked carriers', async () => {
    const header = 'name,contactName,mobile,email,city';
    const dup = [header, 'A Roadways,Anil,9500000001,a@x.test,Pune', 'B Roadways,Bala,9500000001,b@x.test,Pune'].join('\n');
    const res = await upload('c.csv', Buffer.from(dup).toString('base64'));
    expect(res.json().error.details.errors).toEqual([{ row: 3, field: 'mobile', message: 'Same mobile as row 2' }]);
    const again = [header, 'Again,Anil,9600000001,new@x.test,Pune'].join('\n');
    const linked = await upload('c.csv', Buffer.from(again).toString('base64'));
    expect(linked.json().error.details.errors[0]).toMatchObject({ row: 2, message: 'This carrier is already in My Carriers' });
  });

  it('links existing carrier companies instead of duplicating them', async () => {
    const other = await t.login('noplan@demo.test');
    const res = await upload('carriers.xlsx', await xlsx([row(1), row(50)]), other);
    expect(res.json().data).toEqual({ created: 1, linked: 1 });
  });

  it('refuses a file that is not a sheet, and staff without the permission', async () => {
    expect((await upload('c.pdf', 'AAAA')).json().error.fields).toHaveProperty('fileName');
    expect((await upload('c.xlsx', Buffer.from('not a zip').toString('base64'))).statusCode).toBe(400);
    expect((await upload('c.csv', Buffer.from('foo,bar\n1,2').toString('base64'))).statusCode).toBe(400);
    expect((await upload('c.csv', 'AAAA', await t.login('staff@demo.test'))).statusCode).toBe(403);
  });

  it('offers the template as CSV and XLSX', async () => {
    const csv = await t.app.inject({ method: 'GET', url: '/api/carriers/import/template?format=csv', headers: t.as(owner) });
    expect(csv.body).toContain('Carrier name,Contact person,Mobile,Email');
    const x = await t.app.inject({ method: 'GET', url: '/api/carriers/import/template?format=xlsx', headers: t.as(owner) });
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(x.rawPayload as unknown as ArrayBuffer);
    expect(book.worksheets[0]?.getRow(1).getCell(1).value).toBe('Carrier name');
    // The template's example row imports as it is.
    const res = await upload('template.xlsx', x.rawPayload.toString('base64'));
    expect(res.statusCode, res.body).toBe(200);
  });
});
