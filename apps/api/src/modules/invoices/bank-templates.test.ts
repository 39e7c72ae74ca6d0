import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemoFreight } from '../../db/seed/demo-freight.ts';
import { seedDemoMoney } from '../../db/seed/demo-money.ts';
import { indiaToday } from '../../lib/india-time.ts';
import { createLocalStorage } from '../../lib/storage.ts';
import { useTestApp } from '../../test/harness.ts';
import { createStaff } from '../../test/staff.ts';
import { BANK_FILE_COLUMNS } from './bank-file.ts';

/** The shipper's debit account and column templates (`/api/invoices/books-settings`) as the bank file uses them (issue 33). */
const t = useTestApp();
const root = mkdtempSync(path.join(tmpdir(), 'freightdesk-bank-templates-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));
let owner: string;
let other: string;
const call = (method: 'GET' | 'PUT' | 'DELETE', url: string, token: string, payload?: object) =>
  t.app.inject({ method, url, headers: t.as(token), payload });
const [y, m, d] = indiaToday().split('-');

/** A bank's own layout: pipe-separated, no header row, the debit account first, the day as YYYYMMDD. */
const HDFC = {
  delimiter: '|',
  headerRow: false,
  columns: [
    { field: 'debitAccount' },
    { field: 'text', text: 'N' },
    { field: 'amount', header: 'Amt' },
    { field: 'beneficiaryAccount' },
    { field: 'ifsc' },
    { field: 'paymentDate', dateFormat: 'YYYYMMDD' },
    { field: 'invoiceNumbers' },
  ],
};

beforeAll(async () => {
  // The demo: Vayu's VR/26-27/0101 approved, ₹20,500 of it due (₹20,000 paid of ₹40,500), no TDS on it yet.
  await seedDemoFreight(t.database.db);
  await seedDemoMoney(t.database.db, createLocalStorage(root));
  owner = await t.login('owner@demo.test');
  other = await t.login('noplan@demo.test');
  const account = { accountName: 'Demo Industries Ltd', accountNumber: '000405012345', ifsc: 'ICIC0000004' };
  expect((await call('PUT', '/api/invoices/books-settings/debit-account', owner, account)).statusCode).toBe(200);
});

describe('the bank file’s column template', () => {
  it('is the built-in layout until one is set', async () => {
    const settings = (await call('GET', '/api/invoices/books-settings', owner)).json().data;
    expect(settings.bankTemplate).toBeNull();
    expect(settings.defaults.bank.columns.map((c: { field: string }) => c.field).at(-1)).toBe('debitAccount');
    const lines = (await call('GET', '/api/invoices/bank-file', owner)).body.trim().split('\r\n');
    expect(lines[0]).toBe(BANK_FILE_COLUMNS.map((c) => `"${c}"`).join(','));
    expect(lines[1]).toMatch(/"20500\.00".*"000405012345"$/);
  });

  it('refuses a bad template naming the field, and keeps the one before', async () => {
    const bad = (columns: object[], extra = {}) => call('PUT', '/api/invoices/books-settings/bank-template', owner, { columns, ...extra });
    const unknown = await bad([{ field: 'amount' }, { field: 'ifsc' }, { field: 'mode' }, { field: 'swift' }]);
    expect(unknown.statusCode, unknown.body).toBe(400);
    expect(Object.keys(unknown.json().error.fields)).toEqual(['columns.3.field']);
    expect(Object.keys((await bad([{ field: 'text' }])).json().error.fields)).toEqual(['columns.0.text']);
    expect(Object.keys((await bad([{ field: 'amount', dateFormat: 'YYYYMMDD' }])).json().error.fields)).toEqual(['columns.0.dateFormat']);
    expect(Object.keys((await bad([{ field: 'paymentDate', dateFormat: 'MM/DD/YY' }])).json().error.fields)).toEqual([
      'columns.0.dateFormat',
    ]);
    expect(Object.keys((await bad([])).json().error.fields)).toEqual(['columns']);
    expect(Object.keys((await bad([{ field: 'amount' }], { delimiter: ';' })).json().error.fields)).toEqual(['delimiter']);
    expect((await call('GET', '/api/invoices/books-settings', owner)).json().data.bankTemplate).toBeNull();
  });

  it('puts exactly the mapped columns in order, with the debit account, the fixed text and the day as asked', async () => {
    const saved = await call('PUT', '/api/invoices/books-settings/bank-template', owner, HDFC);
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().data.bankTemplate).toMatchObject({ fileType: 'csv', delimiter: '|', headerRow: false });
    const res = await call('GET', '/api/invoices/bank-file', owner);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.body).toBe(`000405012345|N|20500.00|50200012345678|HDFC0000123|${y}${m}${d}|VR/26-27/0101\r\n`);
    // With a header row, a column's own name or else its field's.
    await call('PUT', '/api/invoices/books-settings/bank-template', owner, { ...HDFC, delimiter: ',', headerRow: true });
    const header = (await call('GET', '/api/invoices/bank-file', owner)).body.split('\r\n')[0];
    expect(header).toBe('"Debit Account Number","Text","Amt","Beneficiary Account Number","IFSC","Value Date","Invoice Number"');
  });

  it('is the caller’s own company’s: another shipper neither reads nor uses it, nor changes it', async () => {
    const theirs = (await call('GET', '/api/invoices/books-settings', other)).json().data;
    expect(theirs).toMatchObject({ debitAccount: null, bankTemplate: null, ledgerTemplate: null });
    const own = { columns: [{ field: 'mode' }, { field: 'amount' }] };
    expect((await call('PUT', '/api/invoices/books-settings/bank-template', other, own)).statusCode).toBe(200);
    expect((await call('DELETE', '/api/invoices/books-settings/bank-template', other)).statusCode).toBe(200);
    const mine = (await call('GET', '/api/invoices/books-settings', owner)).json().data;
    expect(mine.bankTemplate.columns).toHaveLength(HDFC.columns.length);
    expect(mine.debitAccount.accountNumber).toBe('000405012345');
    expect((await call('GET', '/api/invoices/bank-file', owner)).body.split('\r\n')[0]).toContain('"Amt"');
  });

  it('needs the bank file’s permission; a carrier is refused; DELETE goes back to the built-in layout', async () => {
    const noMoney = await createStaff(t, owner, { permissions: ['list-outbound-order'] });
    expect((await call('GET', '/api/invoices/books-settings', noMoney.token)).statusCode).toBe(403);
    expect((await call('PUT', '/api/invoices/books-settings/bank-template', noMoney.token, HDFC)).statusCode).toBe(403);
    expect((await call('GET', '/api/invoices/books-settings', await t.login('carrier@demo.test'))).statusCode).toBe(403);
    expect((await call('DELETE', '/api/invoices/books-settings/bank-template', owner)).statusCode).toBe(200);
    const lines = (await call('GET', '/api/invoices/bank-file', owner)).body.trim().split('\r\n');
    expect(lines[0]).toBe(BANK_FILE_COLUMNS.map((c) => `"${c}"`).join(','));
  });
});
