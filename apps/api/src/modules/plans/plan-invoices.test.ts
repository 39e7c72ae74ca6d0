import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { financialYear } from '@freightdesk/shared/money';
import { DEMO_PLATFORM_BILLING } from '../../db/seed/demo.ts';
import { useTestApp } from '../../test/harness.ts';
import { readPdf } from '../../test/pdf-text.ts';

/** Plans that can be paid (issue 33): the platform's details, GST on plans, UTR confirmation, the tax invoice. */
const t = useTestApp();
let admin = '';
let owner = '';
let noplan = '';
const fy = financialYear(new Date()).label.slice(2);

beforeAll(async () => {
  admin = await t.login('admin@demo.test');
  owner = await t.login('owner@demo.test');
  noplan = await t.login('noplan@demo.test');
});

const call = (method: 'GET' | 'POST' | 'PUT', url: string, token: string, payload?: object) =>
  t.app.inject({ method, url, headers: t.as(token), payload });
const fieldsOf = (res: { json: () => { error: { fields: Record<string, string> } } }) => Object.keys(res.json().error.fields);

async function subscribe(token: string, planName: string) {
  const plan = (await call('GET', '/api/plans', token)).json().data.find((p: { name: string }) => p.name === planName);
  const res = await call('POST', '/api/plan/subscribe', token, { planId: plan.id });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data;
}

describe('the platform’s bank and tax details', () => {
  it('only the admin reads and edits them, each field checked', async () => {
    expect((await call('GET', '/api/admin/platform-billing', admin)).json().data).toEqual(DEMO_PLATFORM_BILLING);
    expect((await call('GET', '/api/admin/platform-billing', owner)).statusCode).toBe(403);
    expect((await call('PUT', '/api/admin/platform-billing', owner, DEMO_PLATFORM_BILLING)).statusCode).toBe(403);
    const bad = await call('PUT', '/api/admin/platform-billing', admin, { ...DEMO_PLATFORM_BILLING, bankIfsc: 'HDFC1000123' });
    expect(fieldsOf(bad)).toEqual(['bankIfsc']);
    // Demo Industries' GSTIN carries PAN AAPFU0939F, not the platform's.
    const mismatch = await call('PUT', '/api/admin/platform-billing', admin, { ...DEMO_PLATFORM_BILLING, gstin: '27AAPFU0939F1ZV' });
    expect(fieldsOf(mismatch)).toEqual(['gstin']);
    expect(fieldsOf(await call('PUT', '/api/admin/platform-billing', admin, { ...DEMO_PLATFORM_BILLING, state: 'Gujarat' }))).toEqual([
      'gstin',
    ]);
    const saved = await call('PUT', '/api/admin/platform-billing', admin, { ...DEMO_PLATFORM_BILLING, bankIfsc: 'hdfc0000999' });
    expect(saved.json().data.bankIfsc).toBe('HDFC0000999');
    await call('PUT', '/api/admin/platform-billing', admin, DEMO_PLATFORM_BILLING);
  });
});

describe('a plan paid with GST and its tax invoice', () => {
  it('a Maharashtra shipper pays CGST + SGST, a Gujarat one IGST, to the account shown', async () => {
    const mh = await subscribe(owner, 'Starter');
    expect(mh).toMatchObject({ taxableRupees: 60000, cgstRupees: 5400, sgstRupees: 5400, igstRupees: 0, amountRupees: 70800 });
    expect(mh.reference).toBe(`FD-PAY-${mh.id}`);
    expect(mh.account).toEqual({
      bankAccountName: 'Freightdesk Technologies Pvt Ltd',
      bankAccountNumber: '50200012345678',
      bankIfsc: 'HDFC0000123',
      bankName: 'HDFC Bank',
    });
    expect(mh.instructions).toContain('₹70,800.00');
    expect(mh.instructions).toContain('50200012345678');
    const gj = await subscribe(noplan, 'Starter');
    expect(gj).toMatchObject({ taxableRupees: 60000, cgstRupees: 0, sgstRupees: 0, igstRupees: 10800, amountRupees: 70800 });
  });

  it('the admin confirms with the UTR and the amount payable; each confirmed payment gets the next invoice number', async () => {
    const payments = (await call('GET', '/api/admin/payments?status=awaiting_confirmation', admin)).json().data;
    const [gj, mh] = payments as { id: number; industryName: string }[];
    expect(payments.map((p: { industryName: string }) => p.industryName)).toEqual(['Sunrise Polymers', 'Demo Industries']);
    const confirm = (id: number, body: object) => call('POST', `/api/admin/payments/${id}/confirm`, admin, body);
    expect(fieldsOf(await confirm(mh?.id ?? 0, { amountRupees: 70800 }))).toEqual(['providerRef']);
    expect(fieldsOf(await confirm(mh?.id ?? 0, { providerRef: 'UTR-12', amountRupees: 70800 }))).toEqual(['providerRef']);
    expect(fieldsOf(await confirm(mh?.id ?? 0, { providerRef: 'HDFCR52026120512345678X', amountRupees: 70800 }))).toEqual(['providerRef']);
    const short = await confirm(mh?.id ?? 0, { providerRef: 'HDFCR52026120500000001', amountRupees: 60000 });
    expect(short.statusCode).toBe(400);
    expect(fieldsOf(short)).toEqual(['amountRupees']);
    const ok = await confirm(mh?.id ?? 0, { providerRef: 'hdfcr52026120500000001', amountRupees: 70800 });
    expect(ok.statusCode, ok.body).toBe(200);
    const reused = await confirm(gj?.id ?? 0, { providerRef: 'HDFCR52026120500000001', amountRupees: 70800 });
    expect(reused.statusCode).toBe(409);
    expect(fieldsOf(reused)).toEqual(['providerRef']);
    // A retry with the same Idempotency-Key gets the first answer again and issues no second invoice.
    const retry = { ...t.as(admin), 'idempotency-key': `confirm-${gj?.id}` };
    const body = { providerRef: 'SBIN626339000111', amountRupees: 70800 };
    const first = await t.app.inject({ method: 'POST', url: `/api/admin/payments/${gj?.id}/confirm`, headers: retry, payload: body });
    expect(first.statusCode, first.body).toBe(200);
    const again = await t.app.inject({ method: 'POST', url: `/api/admin/payments/${gj?.id}/confirm`, headers: retry, payload: body });
    expect(again.statusCode).toBe(200);
    expect(again.headers['idempotent-replayed']).toBe('true');
    const paid = (await call('GET', '/api/admin/payments?status=paid', admin)).json().data;
    // The refused confirmations took no number: the two invoices are 0001 and 0002.
    expect(paid.map((p: { invoice: { number: string } | null }) => p.invoice?.number).slice(0, 2)).toEqual([
      `FD/${fy}/0002`,
      `FD/${fy}/0001`,
    ]);
    expect(paid[1]).toMatchObject({ providerRef: 'HDFCR52026120500000001', industryName: 'Demo Industries' });
  });

  it('the shipper downloads its tax invoice; another shipper cannot', async () => {
    const mine = (await call('GET', '/api/my-plan', owner)).json().data.payments[0];
    expect(mine.invoice.number).toBe(`FD/${fy}/0001`);
    const res = await call('GET', `/api/plan/payments/${mine.id}/invoice.pdf`, owner);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.rawPayload.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    const { text } = readPdf(res.rawPayload);
    for (const part of [
      `FD/${fy}/0001`,
      '27AAACF4321R1ZE',
      'Demo Industries',
      '27AAPFU0939F1ZV',
      'SAC 998315',
      '₹5,400.00',
      '₹70,800.00',
      'Starter',
    ]) {
      expect(text).toContain(part);
    }
    expect(text).not.toContain('IGST');
    expect((await call('GET', `/api/plan/payments/${mine.id}/invoice.pdf`, noplan)).statusCode).toBe(404);
    expect((await call('GET', `/api/admin/payments/${mine.id}/invoice.pdf`, owner)).statusCode).toBe(403);
    const theirs = (await call('GET', '/api/my-plan', noplan)).json().data.payments[0];
    const igst = readPdf((await call('GET', `/api/admin/payments/${theirs.id}/invoice.pdf`, admin)).rawPayload).text;
    expect(igst).toContain(`FD/${fy}/0002`);
    expect(igst).toContain('IGST 18%');
    expect(igst).toContain('₹10,800.00');
  });

  it('the invoice keeps the parties as issued', async () => {
    await call('PUT', '/api/admin/platform-billing', admin, { ...DEMO_PLATFORM_BILLING, legalName: 'Freightdesk Renamed Ltd' });
    const mine = (await call('GET', '/api/my-plan', owner)).json().data.payments[0];
    const text = readPdf((await call('GET', `/api/plan/payments/${mine.id}/invoice.pdf`, owner)).rawPayload).text;
    expect(text).toContain('Freightdesk Technologies Private Limited');
    expect(text).not.toContain('Renamed');
  });
});

describe('before the platform’s details are set', () => {
  it('no plan can be chosen: there is no account to pay to', async () => {
    await t.database.db.execute(sql`delete from platform_settings where key = 'platform_billing'`);
    expect((await call('GET', '/api/admin/platform-billing', admin)).json().data).toBeNull();
    const plan = (await call('GET', '/api/plans', owner)).json().data.find((p: { name: string }) => p.name === 'Starter');
    const refused = await call('POST', '/api/plan/subscribe', owner, { planId: plan.id });
    expect(refused.statusCode).toBe(409);
    expect(fieldsOf(refused)).toEqual(['planId']);
    expect((await call('PUT', '/api/admin/platform-billing', admin, DEMO_PLATFORM_BILLING)).statusCode).toBe(200);
    expect((await call('POST', '/api/plan/subscribe', owner, { planId: plan.id })).statusCode).toBe(201);
  });
});
