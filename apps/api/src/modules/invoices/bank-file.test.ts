import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemoFreight } from '../../db/seed/demo-freight.ts';
import { seedDemoMoney } from '../../db/seed/demo-money.ts';
import { createLocalStorage } from '../../lib/storage.ts';
import { useTestApp } from '../../test/harness.ts';
import { createStaff } from '../../test/staff.ts';
import { BANK_FILE_COLUMNS, RTGS_FROM_PAISE } from './bank-file.ts';

/** The carrier's bank account (`PUT /api/carrier/company/bank-account`) and the shipper's bank file (`GET /api/invoices/bank-file`). */
const t = useTestApp();
const root = mkdtempSync(path.join(tmpdir(), 'freightdesk-bank-file-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));
let owner: string;
let vayu: string;
const get = (url: string, token: string) => t.app.inject({ method: 'GET', url, headers: t.as(token) });
const put = (url: string, token: string, payload: object) => t.app.inject({ method: 'PUT', url, headers: t.as(token), payload });
const DEBIT = { accountName: 'Demo Industries Ltd', accountNumber: '0004 0501 2345', ifsc: 'icic0000004' };
const putBank = (token: string, body: object) =>
  t.app.inject({ method: 'PUT', url: '/api/carrier/company/bank-account', headers: t.as(token), payload: body });

beforeAll(async () => {
  // The demo's money: Vayu's invoice VR/26-27/0101 approved and part paid, VR/26-27/0102 waiting for review.
  await seedDemoFreight(t.database.db);
  await seedDemoMoney(t.database.db, createLocalStorage(root));
  owner = await t.login('owner@demo.test');
  vayu = await t.login('carrier@demo.test');
});

describe('the bank bulk-payment file', () => {
  it('names the carrier that has no bank account yet instead of leaving its invoice out', async () => {
    // The demo pays Vayu to an account: without it, its invoice due has nowhere to go.
    await t.database.db.execute(sql`update carriers set bank_account_number = null, bank_ifsc = null where name = 'Vayu Roadlines'`);
    const res = await get('/api/invoices/bank-file', owner);
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().error.fields.carrierLinkId).toContain('Vayu Roadlines');
  });

  it('the carrier sets its bank account: every bad field named, the IFSC kept upper case, its shippers’ payers told', async () => {
    const bad = await putBank(vayu, { accountName: '', accountNumber: '12-34', ifsc: 'HDFC1234567' });
    expect(bad.statusCode, bad.body).toBe(400);
    expect(Object.keys(bad.json().error.fields).sort()).toEqual(['accountName', 'accountNumber', 'ifsc']);
    const res = await putBank(vayu, {
      accountName: 'Vayu Roadlines',
      accountNumber: '5010 0123 4567 89',
      ifsc: 'hdfc 0001234',
      bankName: 'HDFC Bank',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.bankAccount).toMatchObject({
      accountName: 'Vayu Roadlines',
      accountNumber: '50100123456789',
      ifsc: 'HDFC0001234',
    });
    expect((await get('/api/carrier/company', vayu)).json().data.bankAccount.ifsc).toBe('HDFC0001234');
    const told = async () => (await get('/api/notifications?pageSize=25', owner)).json().data as { title: string; msg: string }[];
    const bankNotices = async () => (await told()).filter((n) => n.title.startsWith('Carrier bank account'));
    // The account was cleared above: this one is the first, news rather than a warning.
    const added = (await bankNotices()).find((n) => n.msg.includes('••••6789'));
    expect(added?.title).toBe('Carrier bank account added');
    expect(added?.msg).not.toContain('50100123456789');
    const before = (await bankNotices()).length;
    // The same account again changes nothing; another one is a change to confirm before paying.
    const same = { accountName: 'Vayu Roadlines', accountNumber: '50100123456789', ifsc: 'HDFC0001234', bankName: 'HDFC Bank' };
    expect((await putBank(vayu, same)).statusCode).toBe(200);
    expect(await bankNotices()).toHaveLength(before);
    expect((await putBank(vayu, { accountName: 'Vayu Roadlines', accountNumber: '777700001111', ifsc: 'ICIC0000001' })).statusCode).toBe(
      200,
    );
    const [changed] = await bankNotices();
    expect(changed?.title).toBe('Carrier bank account changed');
    expect(changed?.msg).toContain('now ICIC0000001, account ••••1111. Confirm with them');
    expect((await putBank(vayu, same)).statusCode).toBe(200);
    // A shipper's user may not set it; another type of user is refused too.
    expect((await putBank(owner, { accountName: 'X', accountNumber: '123456789', ifsc: 'HDFC0001234' })).statusCode).toBe(403);
  });

  it('needs the shipper’s debit account first: 400 on debitAccount, each bad field of it named', async () => {
    const none = await get('/api/invoices/bank-file', owner);
    expect(none.statusCode, none.body).toBe(400);
    expect(Object.keys(none.json().error.fields)).toEqual(['debitAccount']);
    const bad = await put('/api/invoices/books-settings/debit-account', owner, { accountName: ' ', accountNumber: '12', ifsc: 'SBIN123' });
    expect(bad.statusCode, bad.body).toBe(400);
    expect(Object.keys(bad.json().error.fields).sort()).toEqual(['accountName', 'accountNumber', 'ifsc']);
    const ok = await put('/api/invoices/books-settings/debit-account', owner, DEBIT);
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().data.debitAccount).toEqual({ accountName: 'Demo Industries Ltd', accountNumber: '000405012345', ifsc: 'ICIC0000004' });
  });

  it('pays each approved invoice’s due to the carrier’s account: NEFT below ₹2 lakh, today’s date, no BOM', async () => {
    const res = await get('/api/invoices/bank-file', owner);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toContain('text/csv');
    expect(res.headers['content-disposition']).toMatch(/filename="bank-payments-\d{4}-\d{2}-\d{2}\.csv"/);
    expect(res.body.charCodeAt(0)).toBe(34);
    const lines = res.body.trim().split('\r\n');
    expect(lines[0]).toBe(BANK_FILE_COLUMNS.map((c) => `"${c}"`).join(','));
    const list = (await get('/api/invoices?pageSize=25', owner)).json().data as { number: string; status: string; duePaise: number }[];
    const payable = list.filter((i) => i.duePaise > 0);
    expect(payable.map((i) => i.number)).toEqual(['VR/26-27/0101']);
    expect(lines).toHaveLength(1 + payable.length);
    const due = payable[0]?.duePaise ?? 0;
    const cells = (lines[1] ?? '').slice(1, -1).split('","');
    expect(cells.slice(0, 5)).toEqual([
      due >= RTGS_FROM_PAISE ? 'RTGS' : 'NEFT',
      'Vayu Roadlines',
      '50100123456789',
      'HDFC0001234',
      (due / 100).toFixed(2),
    ]);
    expect(cells[5]).toMatch(/^\d{2}\/\d{2}\/\d{4}$/);
    expect(cells[8]).toBe('VR/26-27/0101');
    // The built-in layout: the columns of before, then the shipper's debit account.
    expect(BANK_FILE_COLUMNS.at(-1)).toBe('Debit Account Number');
    expect(cells).toHaveLength(12);
    expect(cells[11]).toBe('000405012345');
  });

  it('pays a carrier’s invoices due in one payment to its account, naming them all (issue 33)', async () => {
    await t.database.db.execute(
      sql`update invoices set status = 'approved', approved_paise = total_paise, due_date = current_date where number = 'VR/26-27/0102'`,
    );
    const list = (await get('/api/invoices?pageSize=25', owner)).json().data as { number: string; duePaise: number }[];
    const payable = list.filter((i) => i.duePaise > 0);
    expect(payable.map((i) => i.number).sort()).toEqual(['VR/26-27/0101', 'VR/26-27/0102']);
    const sum = payable.reduce((n, i) => n + i.duePaise, 0);
    const lines = (await get('/api/invoices/bank-file', owner)).body.trim().split('\r\n');
    expect(lines).toHaveLength(2);
    const cells = (lines[1] ?? '').slice(1, -1).split('","');
    // Paid net of TDS: ₹20,000 paid before and ₹20,500 due on 0101 carry none (each ≤ ₹30,000, the
    // year ≤ ₹1,00,000); ₹83,700 on 0102 takes the year to ₹1,24,200, so 2% of all of it: ₹2,484.
    expect(sum).toBe(20_500_00 + 83_700_00);
    expect(cells[4]).toBe(((sum - 2_484_00) / 100).toFixed(2));
    expect(cells[0]).toBe(sum >= RTGS_FROM_PAISE ? 'RTGS' : 'NEFT');
    expect(cells[6]).toBe('FREIGHT 2 INVOICES');
    expect(cells[8]).toBe('VR/26-27/0101 VR/26-27/0102');
  });

  it('needs the payment summary permission; another shipper has nothing due; a carrier cannot read it', async () => {
    const noMoney = await createStaff(t, owner, { permissions: ['list-outbound-order'] });
    expect((await get('/api/invoices/bank-file', noMoney.token)).statusCode).toBe(403);
    expect((await get('/api/invoices/bank-file', vayu)).statusCode).toBe(403);
    const other = await get('/api/invoices/bank-file', await t.login('noplan@demo.test'));
    expect(other.statusCode, other.body).toBe(409);
    expect(other.json().error.code).toBe('NOTHING_DUE');
    expect((await t.app.inject({ method: 'GET', url: '/api/invoices/bank-file' })).statusCode).toBe(401);
  });
});
