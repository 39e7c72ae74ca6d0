import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { caller, type Road } from '../../test/execution.ts';
import { useTestApp } from '../../test/harness.ts';
import { fieldsOf as fieldOf, freightLine as freight, invoiceBody as body, setupInvoicing } from '../../test/invoicing.ts';
import { indiaToday } from '../../lib/india-time.ts';

const t = useTestApp();
const call = caller(t);
const today = () => indiaToday();
let r: Road;
/** Three delivered orders of Vayu at the first plant, one still in transit, and one of Ganesh. */
let delivered: { id: number; number: string }[] = [];
let inTransit: { id: number };
let ganeshOrder: { id: number };

beforeAll(async () => {
  ({ r, delivered, inTransit, ganeshOrder } = await setupInvoicing(t));
  // An invoice of the first two orders, numbered as the journey's: those orders are billed and the number is taken.
  const [a, b] = delivered as unknown as [{ id: number }, { id: number }];
  const res = await call('POST', '/api/carrier/invoices', r.vayu, body([freight(a.id), freight(b.id)], { number: 'VT/26-27/001' }));
  expect(res.statusCode, res.body).toBe(201);
});

describe('bad invoices are refused, naming the field', () => {
  it.each([
    ['an order id past what the database holds', () => body([freight(2 ** 31)]), 'lines.0.orderId'],
    ['an order still in transit', () => body([freight(inTransit.id)]), 'lines.0.orderId'],
    ['another carrier’s order', () => body([freight(ganeshOrder.id)]), 'lines.0.orderId'],
    ['an order already billed', () => body([freight(delivered[0]?.id ?? 0)]), 'lines.0.orderId'],
    ['two freight lines on one order', () => body([freight(delivered[2]?.id ?? 0), freight(delivered[2]?.id ?? 0)]), 'lines.1.kind'],
    ['an amount with three decimals', () => body([freight(delivered[2]?.id ?? 0, 30000.005)]), 'lines.0.amountRupees'],
    ['an amount above ₹1,000 crore', () => body([freight(delivered[2]?.id ?? 0, 10_000_000_000.01)]), 'lines.0.amountRupees'],
    ['another charge without its reason', () => body([{ orderId: delivered[2]?.id, kind: 'other', amountRupees: 100 }]), 'lines.0.reason'],
    [
      'deductions above the charges',
      () =>
        body([
          freight(delivered[2]?.id ?? 0, 100),
          { orderId: delivered[2]?.id, kind: 'deduction', amountRupees: 200, reason: 'Shortage' },
        ]),
      'lines',
    ],
    ['a date to come', () => body([freight(delivered[2]?.id ?? 0)], { invoiceDate: '2099-01-01' }), 'invoiceDate'],
    ['a date in a closed financial year', () => body([freight(delivered[2]?.id ?? 0)], { invoiceDate: '2024-05-01' }), 'invoiceDate'],
    ['a number GST does not allow', () => body([freight(delivered[2]?.id ?? 0)], { number: 'VT 001 #' }), 'number'],
    ['forward charge without the carrier’s GSTIN', () => body([freight(delivered[2]?.id ?? 0)], { gstScheme: 'fcm' }), 'gstScheme'],
    ['a number used this financial year', () => body([freight(delivered[2]?.id ?? 0)], { number: 'vt/26-27/001' }), 'number'],
  ])('%s', async (_what, make, field) => {
    const res = await call('POST', '/api/carrier/invoices', r.vayu, make());
    expect(res.statusCode, res.body).toBe(400);
    expect(fieldOf(res)).toEqual([field]);
  });

  it('bills up to ₹1,000 crore exactly, with IGST across states under forward charge', async () => {
    await t.database.db.execute(
      sql`update carriers set gstin = '24AAACV1234B1Z5' where id = (select carrier_id from industry_carriers where id = ${r.vayuLink})`,
    );
    // Before sending, the draft's GST and total as the submit will work them out; nothing is written.
    const draft = body([freight(delivered[2]?.id ?? 0, 10_000_000_000)], { gstScheme: 'fcm_itc', invoiceDate: today() });
    const { number: _number, ...unnumbered } = draft as { number?: string };
    const count = async () => (await call('GET', '/api/carrier/invoices', r.vayu)).json().total;
    const before = await count();
    const preview = await call('POST', '/api/carrier/invoices/preview', r.vayu, unnumbered);
    expect(preview.statusCode, preview.body).toBe(200);
    expect(preview.json().data).toEqual({
      taxablePaise: 1_000_000_000_000,
      gstRatePct: 18,
      cgstPaise: 0,
      sgstPaise: 0,
      igstPaise: 180_000_000_000,
      taxPaise: 180_000_000_000,
      totalPaise: 1_180_000_000_000,
      reverseCharge: false,
    });
    expect(await count()).toBe(before);
    const inTransitPreview = await call('POST', '/api/carrier/invoices/preview', r.vayu, { ...unnumbered, lines: [freight(inTransit.id)] });
    expect(inTransitPreview.statusCode).toBe(400);
    expect(fieldOf(inTransitPreview)).toEqual(['lines.0.orderId']);
    const res = await call(
      'POST',
      '/api/carrier/invoices',
      r.vayu,
      body([freight(delivered[2]?.id ?? 0, 10_000_000_000)], { gstScheme: 'fcm_itc', invoiceDate: today() }),
    );
    expect(res.statusCode, res.body).toBe(201);
    const invoice = res.json().data;
    expect(invoice.taxablePaise).toBe(1_000_000_000_000);
    expect(invoice.gst).toMatchObject({ ratePct: 18, cgstPaise: 0, sgstPaise: 0, igstPaise: 180_000_000_000, reverseCharge: false });
    expect(invoice.totalPaise).toBe(1_180_000_000_000);
    expect(invoice.lines[0]).toMatchObject({ audit: 'differs', expectedPaise: 3_000_000 });
  });
});

describe('who may see and change an invoice', () => {
  it('answers 401 without a token, 403 to the wrong side and 404 to another carrier', async () => {
    const [row] = (await call('GET', '/api/carrier/invoices', r.vayu)).json().data as { id: number }[];
    const id = row?.id ?? 0;
    expect(id).toBeGreaterThan(0);
    expect((await t.app.inject({ method: 'GET', url: `/api/invoices/${id}` })).statusCode).toBe(401);
    expect((await call('GET', `/api/invoices/${id}`, r.vayu)).statusCode).toBe(403);
    expect((await call('GET', `/api/carrier/invoices/${id}`, r.owner)).statusCode).toBe(403);
    expect((await call('GET', `/api/carrier/invoices/${id}`, r.ganesh)).statusCode).toBe(404);
    expect((await call('GET', '/api/carrier/invoices', r.ganesh)).json().data).toEqual([]);
    const other = await t.login('noplan@demo.test');
    expect((await call('GET', `/api/invoices/${id}`, other)).statusCode).toBe(404);
    expect(
      (await call('POST', `/api/invoices/${id}/payments`, other, { amountRupees: 1, paidOn: today(), reference: 'UTR9999' })).statusCode,
    ).toBe(404);
    expect((await call('GET', `/api/invoices/${id}`, r.owner)).statusCode).toBe(200);
  });
});
