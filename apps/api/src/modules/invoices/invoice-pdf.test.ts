import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inr, rupeesInWords } from '@freightdesk/shared/money';
import { seedDemoFreight } from '../../db/seed/demo-freight.ts';
import { seedDemoMoney } from '../../db/seed/demo-money.ts';
import { createLocalStorage } from '../../lib/storage.ts';
import { useTestApp } from '../../test/harness.ts';
import { readPdf } from '../../test/pdf-text.ts';
import { createStaff } from '../../test/staff.ts';
import { invoicePdfFileName } from './invoice-pdf.ts';

/** The tax invoice as a PDF: `GET /api/invoices/:id/pdf` (the shipper) and `GET /api/carrier/invoices/:id/pdf` (the carrier). */
const t = useTestApp();
const root = mkdtempSync(path.join(tmpdir(), 'freightdesk-invoice-pdf-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));
let owner: string;
let vayu: string;
type Invoice = { id: number; number: string; totalPaise: number; approvedPaise: number | null; totalInWords: string };
/** Vayu's approved and part-paid invoice of the demo (VR/26-27/0101), as `GET /api/invoices/:id` answers it. */
let invoice: Invoice;
const get = (url: string, token?: string) => t.app.inject({ method: 'GET', url, headers: token ? t.as(token) : {} });

beforeAll(async () => {
  await seedDemoFreight(t.database.db);
  await seedDemoMoney(t.database.db, createLocalStorage(root));
  owner = await t.login('owner@demo.test');
  vayu = await t.login('carrier@demo.test');
  const list = (await get('/api/invoices?pageSize=25', owner)).json().data as { id: number; number: string }[];
  const id = list.find((i) => i.number === 'VR/26-27/0101')?.id;
  invoice = (await get(`/api/invoices/${id}`, owner)).json().data;
});

/** A PDF answer: its type, file name and bytes checked; its text and title read back from the bytes. */
function pdfOf(res: Awaited<ReturnType<typeof get>>, number: string) {
  expect(res.statusCode, res.body).toBe(200);
  expect(res.headers['content-type']).toBe('application/pdf');
  expect(res.headers['content-disposition']).toBe(
    `attachment; filename="${invoicePdfFileName(number)}"; filename*=UTF-8''${encodeURIComponent(invoicePdfFileName(number))}`,
  );
  expect(res.rawPayload.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  return readPdf(res.rawPayload);
}

describe('the tax invoice PDF', () => {
  it('names the file after the invoice number without its slashes', () => {
    expect(invoicePdfFileName('VR/26-27/0101')).toBe('VR-26-27-0101.pdf');
    expect(invoicePdfFileName('A "B"\\C')).toBe('A-B-C.pdf');
    expect(invoicePdfFileName('//')).toBe('invoice.pdf');
  });

  it('the shipper downloads it: the parties, SAC, lines, GST, total in rupees and in words, titled with the number', async () => {
    const pdf = pdfOf(await get(`/api/invoices/${invoice.id}/pdf`, owner), invoice.number);
    expect(pdf.title).toBe('VR/26-27/0101');
    for (const text of [
      'Tax invoice',
      'SAC 996791',
      'Supplier',
      'Vayu Roadlines',
      'Recipient',
      'Place of supply: Maharashtra',
      `Invoice no.: ${invoice.number}`,
      'Tax payable on reverse charge:',
      'Taxable value',
      `Invoice total`,
      inr(invoice.totalPaise),
      rupeesInWords(invoice.totalPaise),
    ]) {
      expect(pdf.text).toContain(text);
    }
    // The demo's other invoice is not on this one: the text read is this invoice's.
    expect(pdf.text).not.toContain('VR/26-27/0102');
  });

  it('spells the billed total once the approved amount differs, as the print does', async () => {
    const approved = invoice.totalPaise - 12_345;
    await t.database.db.execute(sql`update invoices set approved_paise = ${approved} where id = ${invoice.id}`);
    try {
      const detail = (await get(`/api/invoices/${invoice.id}`, owner)).json().data as Invoice;
      expect(detail.totalInWords).toBe(rupeesInWords(approved));
      const pdf = pdfOf(await get(`/api/invoices/${invoice.id}/pdf`, owner), invoice.number);
      expect(pdf.text).toContain(rupeesInWords(invoice.totalPaise));
      expect(pdf.text).not.toContain(rupeesInWords(approved));
    } finally {
      await t.database.db.execute(sql`update invoices set approved_paise = ${invoice.approvedPaise} where id = ${invoice.id}`);
    }
  });

  it('stays byte for byte as issued when the carrier edits its profile afterwards', async () => {
    const before = await get(`/api/invoices/${invoice.id}/pdf`, owner);
    const detailBefore = (await get(`/api/invoices/${invoice.id}`, owner)).json().data;
    const { updatedAt } = (await get('/api/carrier/company', vayu)).json().data;
    const edited = await t.app.inject({
      method: 'PUT',
      url: '/api/carrier/company',
      headers: { ...t.as(vayu), 'if-match': `"${updatedAt}"` },
      payload: {
        name: 'Vayu Logistics Pvt Ltd',
        contactName: 'Imran Khan',
        mobile: '9000000005',
        email: 'ops@vayu.test',
        pan: 'AABCV1234K',
        gstin: '27AABCV1234K1ZD',
        address: '99 New Transport Nagar',
        city: 'Nashik',
        state: 'Maharashtra',
        pincode: '422001',
        fleetSize: 42,
      },
    });
    expect(edited.statusCode, edited.body).toBe(200);
    const after = await get(`/api/invoices/${invoice.id}/pdf`, owner);
    expect(after.rawPayload.equals(before.rawPayload)).toBe(true);
    const detailAfter = (await get(`/api/invoices/${invoice.id}`, owner)).json().data;
    expect(detailAfter.supplier).toEqual(detailBefore.supplier);
    expect(detailAfter.supplier.name).toBe('Vayu Roadlines');
    expect(readPdf(after.rawPayload).text).not.toContain('Nashik');
  });

  it('the carrier downloads its own invoice through its portal', async () => {
    const pdf = pdfOf(await get(`/api/carrier/invoices/${invoice.id}/pdf`, vayu), invoice.number);
    expect(pdf.title).toBe(invoice.number);
    expect(pdf.text).toContain(rupeesInWords(invoice.totalPaise));
  });

  it('another shipper or another carrier gets a 404; no session a 401; no permission a 403', async () => {
    const other = await get(`/api/invoices/${invoice.id}/pdf`, await t.login('noplan@demo.test'));
    expect(other.statusCode, other.body).toBe(404);
    const sahyadri = await get(`/api/carrier/invoices/${invoice.id}/pdf`, await t.login('carrier2@demo.test'));
    expect(sahyadri.statusCode, sahyadri.body).toBe(404);
    expect((await get(`/api/invoices/${invoice.id}/pdf`)).statusCode).toBe(401);
    expect((await get(`/api/carrier/invoices/${invoice.id}/pdf`)).statusCode).toBe(401);
    const noMoney = await createStaff(t, owner, { permissions: ['list-outbound-order'] });
    expect((await get(`/api/invoices/${invoice.id}/pdf`, noMoney.token)).statusCode).toBe(403);
    expect((await get(`/api/invoices/${invoice.id}/pdf`, vayu)).statusCode).toBe(403);
    expect((await get(`/api/carrier/invoices/${invoice.id}/pdf`, owner)).statusCode).toBe(403);
  });
});
