import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import Papa from 'papaparse';
import { SaxesParser } from 'saxes';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemoFreight } from '../../db/seed/demo-freight.ts';
import { seedDemoMoney } from '../../db/seed/demo-money.ts';
import { indiaToday } from '../../lib/india-time.ts';
import { createLocalStorage } from '../../lib/storage.ts';
import { useTestApp } from '../../test/harness.ts';
import { orderRegister } from '../reports/order-register.ts';
import { TALLY_LEDGERS } from './books-vouchers.ts';

/** The shipper's books for a period as a TallyPrime import file (`GET /api/invoices/tally`). */
const t = useTestApp();
const root = mkdtempSync(path.join(tmpdir(), 'freightdesk-books-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));
let owner: string;
const today = indiaToday();
const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, token: string, payload?: object) =>
  t.app.inject({ method, url, headers: t.as(token), payload });

type Voucher = {
  path: string;
  type: string;
  number: string;
  party: string;
  entries: { ledger: string; deemedPositive: string; amount: number }[];
};

/** Parses the file as XML (a malformed file throws) and gathers each voucher with the path of elements above it. */
function vouchersOf(xml: string): Voucher[] {
  const parser = new SaxesParser();
  const stack: string[] = [];
  const vouchers: Voucher[] = [];
  let text = '';
  parser.on('error', (e) => {
    throw e;
  });
  parser.on('opentag', (node) => {
    stack.push(node.name);
    text = '';
    if (node.name === 'VOUCHER') {
      vouchers.push({ path: stack.join('/'), type: String(node.attributes.VCHTYPE), number: '', party: '', entries: [] });
    }
    if (node.name === 'ALLLEDGERENTRIES.LIST') {
      vouchers.at(-1)?.entries.push({ ledger: '', deemedPositive: '', amount: 0 });
    }
  });
  parser.on('text', (value) => {
    text += value;
  });
  parser.on('closetag', (node) => {
    const voucher = vouchers.at(-1);
    const entry = voucher?.entries.at(-1);
    const set: Record<string, () => void> = {
      VOUCHERNUMBER: () => voucher && Object.assign(voucher, { number: text }),
      PARTYLEDGERNAME: () => voucher && Object.assign(voucher, { party: text }),
      LEDGERNAME: () => entry && Object.assign(entry, { ledger: text }),
      ISDEEMEDPOSITIVE: () => entry && Object.assign(entry, { deemedPositive: text }),
      AMOUNT: () => entry && Object.assign(entry, { amount: Math.round(Number(text) * 100) }),
    };
    set[node.name]?.();
    stack.pop();
  });
  parser.write(xml).close();
  return vouchers;
}

beforeAll(async () => {
  // The demo: Vayu's VR/26-27/0101 (₹40,500, reverse charge) approved and ₹20,000 paid; VR/26-27/0102 (₹83,700) waiting.
  await seedDemoFreight(t.database.db);
  await seedDemoMoney(t.database.db, createLocalStorage(root));
  owner = await t.login('owner@demo.test');
  const list = (await call('GET', '/api/invoices?pageSize=25', owner)).json().data as { id: number; number: string }[];
  const second = list.find((i) => i.number === 'VR/26-27/0102')?.id ?? 0;
  const detail = (await call('GET', `/api/invoices/${second}`, owner)).json().data as { lines: { id: number; amountPaise: number }[] };
  // The unloading line (₹1,200) adjusted to ₹700: a credit note of ₹500; the rest approved as billed.
  const decisions = detail.lines.map((l) =>
    l.amountPaise === 1_200_00
      ? { lineId: l.id, decision: 'adjust', amountRupees: 700, reason: 'Unloading at the contract rate' }
      : { lineId: l.id, decision: 'approve' },
  );
  const reviewed = await call('POST', `/api/invoices/${second}/review`, owner, { decisions });
  expect(reviewed.statusCode, reviewed.body).toBe(200);
  // ₹83,200 paid: the year reaches ₹1,03,200, so 2% of ₹83,200 + the ₹20,000 paid before = ₹2,064 TDS.
  const paid = await call('POST', `/api/invoices/${second}/payments`, owner, {
    amountRupees: 83_200,
    paidOn: today,
    reference: 'UTR/BOOKS/0001',
  });
  expect(paid.statusCode, paid.body).toBe(201);
  expect(paid.json().data.payments[0]).toMatchObject({ tdsPaise: 2_064_00, netPaise: 81_136_00 });
});

describe('the Tally import file', () => {
  it('is well-formed XML in Tally’s import envelope, one balanced voucher per document with exactly the figures', async () => {
    const res = await call('GET', `/api/invoices/tally?from=${today}&to=${today}`, owner);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toContain('application/xml');
    expect(res.body).toContain('<TALLYREQUEST>Import Data</TALLYREQUEST>');
    expect(res.body).toContain('<REPORTNAME>Vouchers</REPORTNAME>');
    const vouchers = vouchersOf(res.body);
    expect(new Set(vouchers.map((v) => v.path))).toEqual(new Set(['ENVELOPE/BODY/IMPORTDATA/REQUESTDATA/TALLYMESSAGE/VOUCHER']));
    for (const v of vouchers) {
      expect(
        v.entries.reduce((n, e) => n + e.amount, 0),
        `${v.type} ${v.number} balances`,
      ).toBe(0);
      for (const e of v.entries) {
        // A debit is "deemed positive" with a negative amount.
        expect(e.deemedPositive).toBe(e.amount < 0 ? 'Yes' : 'No');
      }
    }
    const entry = (v: Voucher | undefined, ledger: string) => v?.entries.find((e) => e.ledger === ledger)?.amount;
    const byNumber = (n: string) => vouchers.find((v) => v.number === n);
    expect(vouchers.map((v) => v.type).sort()).toEqual(['Debit Note', 'Journal', 'Payment', 'Payment', 'Purchase', 'Purchase']);
    // VR/26-27/0102 under reverse charge: freight ₹83,700 debited, Vayu credited ₹83,700, GST 5% (₹4,185) input and liability.
    const purchase = byNumber('VR/26-27/0102');
    expect(entry(purchase, TALLY_LEDGERS.freight)).toBe(-83_700_00);
    expect(entry(purchase, 'Vayu Roadlines')).toBe(83_700_00);
    const rcm = purchase?.entries.filter((e) => e.ledger.endsWith('(Reverse Charge)')).reduce((n, e) => n + e.amount, 0);
    expect(rcm).toBe(4_185_00);
    // The adjustment's credit note: ₹500 back from Vayu, ₹25 of GST the other way.
    const note = vouchers.find((v) => v.type === 'Debit Note');
    expect(note?.number).toMatch(/^CN\/\d{2}-\d{2}\/0001$/);
    expect(entry(note, 'Vayu Roadlines')).toBe(-500_00);
    expect(entry(note, TALLY_LEDGERS.freight)).toBe(500_00);
    // The payment of ₹83,200: ₹2,064 TDS by journal, ₹81,136 from the bank.
    const tds = vouchers.find((v) => v.type === 'Journal');
    expect(entry(tds, TALLY_LEDGERS.tds)).toBe(2_064_00);
    const payments = vouchers.filter((v) => v.type === 'Payment').map((v) => entry(v, TALLY_LEDGERS.bank));
    expect(payments.sort()).toEqual([20_000_00, 81_136_00].sort());
  });

  it('holds nothing of another shipper, and needs the payment summary permission', async () => {
    const other = await call('GET', `/api/invoices/tally?from=${today}&to=${today}`, await t.login('noplan@demo.test'));
    expect(other.statusCode, other.body).toBe(200);
    expect(vouchersOf(other.body)).toEqual([]);
    expect((await call('GET', `/api/invoices/tally?from=${today}&to=${today}`, await t.login('carrier@demo.test'))).statusCode).toBe(403);
    const bad = await call('GET', `/api/invoices/tally?from=${today}&to=2020-01-01`, owner);
    expect(bad.statusCode).toBe(400);
  });
});

describe('the ledger CSV (issue 33)', () => {
  type Posting = Record<string, string>;
  const ledger = async (token = owner) => {
    const res = await call('GET', `/api/invoices/ledger?from=${today}&to=${today}`, token);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toContain('text/csv');
    return Papa.parse<Posting>(res.body.trim(), { header: true }).data;
  };
  const paise = (rupees: string | undefined) => Math.round(Number(rupees || 0) * 100);

  it('has one row per posting of the Tally file’s vouchers, each voucher balanced, the same figures', async () => {
    const rows = await ledger();
    const tally = vouchersOf((await call('GET', `/api/invoices/tally?from=${today}&to=${today}`, owner)).body);
    // 6 postings of each purchase under reverse charge (freight, CGST and SGST input, the carrier, CGST
    // and SGST liability), the credit note's 6, the TDS journal's 2 and the 2 payments' 2 each: 24.
    expect(rows).toHaveLength(24);
    expect(tally.reduce((n, v) => n + v.entries.length, 0)).toBe(24);
    const byVoucher = new Map<string, Posting[]>();
    for (const r of rows) {
      const key = r['Voucher Number'] ?? '';
      byVoucher.set(key, [...(byVoucher.get(key) ?? []), r]);
    }
    expect([...byVoucher.keys()].sort()).toEqual(tally.map((v) => v.number).sort());
    for (const v of tally) {
      const postings = byVoucher.get(v.number) ?? [];
      expect(
        postings.reduce((n, r) => n + paise(r.Debit) - paise(r.Credit), 0),
        `${v.number} balances`,
      ).toBe(0);
      // Tally's AMOUNT is negative for a debit: the same ledger lines, the same paise.
      const fromTally = v.entries.map((e) => `${e.ledger} ${-e.amount}`).sort();
      expect(postings.map((r) => `${r.Ledger} ${paise(r.Debit) - paise(r.Credit)}`).sort(), v.number).toEqual(fromTally);
      expect(new Set(postings.map((r) => r['Voucher Type']))).toEqual(new Set([v.type]));
    }
    const purchase = byVoucher.get('VR/26-27/0102') ?? [];
    expect(purchase.find((r) => r.Ledger === TALLY_LEDGERS.freight)).toMatchObject({
      Debit: '83700.00',
      Credit: '',
      Reference: 'VR/26-27/0102',
    });
    // The carrier's GSTIN as the invoice states it (none for this unregistered GTA under reverse charge), the plant's code.
    const facts = await t.database.db.execute(
      sql`select i.supplier_gstin, p.code from invoices i join plants p on p.id = i.plant_id where i.number = 'VR/26-27/0102'`,
    );
    const [fact] = (facts as unknown as { rows: { supplier_gstin: string | null; code: string }[] }).rows;
    expect(new Set(purchase.map((r) => r.GSTIN))).toEqual(new Set([fact?.supplier_gstin ?? '']));
    expect(new Set(purchase.map((r) => r.Plant))).toEqual(new Set([fact?.code]));
    expect(fact?.code).toBeTruthy();
    const [yy, mm, dd] = today.split('-');
    expect(purchase[0]?.['Voucher Date']).toBe(`${dd}-${mm}-${yy}`);
    const tds = rows.find((r) => r.Ledger === TALLY_LEDGERS.tds);
    expect(tds).toMatchObject({ Credit: '2064.00', 'Voucher Type': 'Journal', Reference: 'VR/26-27/0102' });
  });

  it('takes the shipper’s own ledger template; another shipper neither sees nor uses it', async () => {
    const sap = {
      delimiter: '|',
      columns: [
        { field: 'documentDate', header: 'BLDAT', dateFormat: 'YYYYMMDD' },
        { field: 'voucherNumber', header: 'XBLNR' },
        { field: 'ledger', header: 'HKONT' },
        { field: 'debit', header: 'DMBTR_S' },
        { field: 'credit', header: 'DMBTR_H' },
        { field: 'text', text: 'INR', header: 'WAERS' },
      ],
    };
    const bad = await call('PUT', '/api/invoices/books-settings/ledger-template', owner, {
      columns: [{ field: 'ledger' }, { field: 'amount' }],
    });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().error.fields)).toEqual(['columns.1.field']);
    expect((await call('PUT', '/api/invoices/books-settings/ledger-template', owner, sap)).statusCode).toBe(200);
    const text = (await call('GET', `/api/invoices/ledger?from=${today}&to=${today}`, owner)).body;
    const lines = text.trim().split('\r\n');
    expect(lines[0]).toBe('BLDAT|XBLNR|HKONT|DMBTR_S|DMBTR_H|WAERS');
    expect(lines).toContain(
      `${today.replaceAll('-', '')}|TDS-${
        lines
          .find((l) => l.includes('|TDS-'))
          ?.split('|TDS-')[1]
          ?.split('|')[0]
      }|${TALLY_LEDGERS.tds}||2064.00|INR`,
    );
    const other = await t.login('noplan@demo.test');
    expect((await call('GET', '/api/invoices/books-settings', other)).json().data.ledgerTemplate).toBeNull();
    expect(await ledger(other)).toEqual([]);
    const theirs = (await call('GET', `/api/invoices/ledger?from=${today}&to=${today}`, other)).body;
    expect(theirs.split('\r\n')[0]).toBe(
      '"Voucher Date","Voucher Type","Voucher Number","Reference","Ledger","Debit","Credit","GSTIN","Narration","Plant","Document Date"',
    );
    expect((await call('DELETE', '/api/invoices/books-settings/ledger-template', owner)).statusCode).toBe(200);
    expect((await call('GET', `/api/invoices/ledger?from=${today}&to=2020-01-01`, owner)).json().error.fields).toHaveProperty('to');
    expect((await call('GET', `/api/invoices/ledger?from=${today}&to=${today}`, await t.login('carrier@demo.test'))).statusCode).toBe(403);
  });
});

describe('GSTR-3B table 3.1(d): freight under reverse charge by month', () => {
  const summary = async (month: string) => {
    const res = await call('GET', `/api/invoices/gstr3b?month=${month}`, owner);
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data.lines as {
      gstin: string;
      taxablePaise: number;
      cgstPaise: number;
      sgstPaise: number;
      igstPaise: number;
      invoices: number;
      notes: number;
    }[];
  };

  it('counts each invoice at its time of supply (here its payment) less its credit notes, per plant GSTIN', async () => {
    // ₹40,500 + ₹83,700 − ₹500 = ₹1,23,700; GST 5%: ₹2,025 + ₹4,185 − ₹25 = ₹6,185, half CGST and half SGST (within Maharashtra).
    const lines = await summary(today.slice(0, 7));
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({
      taxablePaise: 1_23_700_00,
      cgstPaise: 3_092_50,
      sgstPaise: 3_092_50,
      igstPaise: 0,
      invoices: 2,
      notes: 1,
    });
    expect(lines[0]?.gstin).toMatch(/^27/);
  });

  it('counts an invoice unpaid 60 days after its date on the 61st day (section 13(2))', async () => {
    const day = (d: Date) => d.toISOString().slice(0, 10);
    const dated = new Date(`${today}T00:00:00Z`);
    dated.setUTCDate(dated.getUTCDate() - 100);
    await t.database.db.execute(sql`update invoices set invoice_date = ${day(dated)} where number = 'VR/26-27/0101'`);
    const supply = new Date(dated);
    supply.setUTCDate(supply.getUTCDate() + 61);
    const then = await summary(day(supply).slice(0, 7));
    expect(then[0]).toMatchObject({ taxablePaise: 40_500_00, invoices: 1, notes: 0 });
    expect((await summary(today.slice(0, 7)))[0]).toMatchObject({ taxablePaise: 83_200_00, invoices: 1, notes: 1 });
    expect((await call('GET', '/api/invoices/gstr3b?month=2026-13', owner)).statusCode).toBe(400);
  });
});

describe('the order register', () => {
  it('names each billed order’s invoice and what it bills, net of credit notes', async () => {
    const rows: { invoiceNumber: string | null; billedPaise: number | string | null; lane: string }[] = [];
    const params = orderRegister.params.parse({ direction: 1 });
    for await (const batch of orderRegister.batches(t.database.db, sql`true`, params, 500, async () => {})) {
      rows.push(...batch);
    }
    const billed = rows.filter((r) => r.invoiceNumber === 'VR/26-27/0102').map((r) => Number(r.billedPaise));
    // ₹40,500 freight on one order; ₹42,000 + ₹1,200 unloading − the ₹500 credit note on the other.
    expect(billed.sort((a, b) => a - b)).toEqual([40_500_00, 42_700_00]);
    const columns = typeof orderRegister.columns === 'function' ? orderRegister.columns(params) : orderRegister.columns;
    expect(columns.map((c) => c.label)).toEqual(expect.arrayContaining(['Lane', 'Invoice', 'Billed (₹)']));
  });
});

describe('the Spend report', () => {
  it('sets the target beside the spend of the orders it covers, not all the spend (like with like)', async () => {
    const res = await call('GET', `/api/reports/spend?groupBy=month&from=2020-01-01&to=${today}&pageSize=25`, owner);
    expect(res.statusCode, res.body).toBe(200);
    const totals = res.json().data.totals as {
      spendRupees: number;
      targetedSpendRupees: number;
      targetRupees: number;
      savingRupees: number;
    };
    // The saving is the target less the spend it covers; the demo's offline orders and indents have no target.
    expect(totals.targetedSpendRupees).toBeGreaterThan(0);
    expect(totals.targetedSpendRupees).toBeLessThan(totals.spendRupees);
    expect(totals.targetRupees - totals.savingRupees).toBeCloseTo(totals.targetedSpendRupees, 2);
  });
});
