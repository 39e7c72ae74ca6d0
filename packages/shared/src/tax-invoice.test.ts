import { describe, expect, it } from 'vitest';
import { inr } from './money.ts';
import type { InvoiceLineView } from './schemas/invoice-views.ts';
import { billedInWords, gstParts, noteSheet, partyLines, type TaxInvoiceSource, taxInvoiceSheet } from './tax-invoice.ts';
import { gstBreakup } from './testing/invoice-fixtures.ts';

const gst = gstBreakup;

const line = (over: Partial<InvoiceLineView>): InvoiceLineView => ({
  id: 1,
  orderId: 1,
  orderNumber: 'ORD-1',
  vehicleNumber: 'MH12AB1234',
  kind: 'freight',
  amountPaise: 100_000,
  creditedPaise: 0,
  reason: null,
  expectedPaise: null,
  audit: 'unchecked',
  auditNotes: [],
  decision: 'pending',
  decidedPaise: null,
  decisionReason: null,
  ...over,
});

const party = { name: 'Vayu Roadlines', address: '12 MIDC', city: 'Pune', state: 'Maharashtra', pincode: '411019', gstin: null, pan: null };

const invoice = (over: Partial<TaxInvoiceSource> = {}): TaxInvoiceSource => ({
  number: 'VR/26-27/0001',
  invoiceDate: '2026-05-04',
  financialYear: '2026-27',
  carrierName: 'Vayu Roadlines',
  supplier: { ...party, pan: 'AAAAA0000A' },
  recipient: { ...party, name: 'Demo Industries, Pune plant', gstin: '27BBBBB0000B1Z5' },
  placeOfSupply: 'Maharashtra',
  issuedAt: '2026-05-04T10:00:00.000Z',
  gst: gst({ cgstPaise: 2_375, sgstPaise: 2_375 }),
  lines: [line({}), line({ id: 2, kind: 'deduction', amountPaise: 5_000, reason: 'Late', vehicleNumber: null })],
  taxablePaise: 95_000,
  totalPaise: 99_750,
  approvedPaise: null,
  totalInWords: 'Rupees Nine Hundred Ninety-Seven and Fifty Paise Only',
  ...over,
});

describe('the GST parts', () => {
  it('are CGST and SGST at half the rate within one state', () => {
    expect(gstParts(gst({ cgstPaise: 250, sgstPaise: 250 }))).toEqual([
      { label: 'CGST 2.5%', paise: 250 },
      { label: 'SGST 2.5%', paise: 250 },
    ]);
  });
  it('are IGST at the whole rate across states', () => {
    expect(gstParts(gst({ supplierGstin: '24AAAAA0000A1Z5', igstPaise: 500 }))).toEqual([{ label: 'IGST 5%', paise: 500 }]);
  });
  it('count a supplier without a GSTIN as within the recipient’s state, as the API does', () => {
    const rcm = gst({ scheme: 'rcm', supplierGstin: null, cgstPaise: 250, sgstPaise: 250, reverseCharge: true });
    expect(gstParts(rcm).map((p) => p.label)).toEqual(['CGST 2.5%', 'SGST 2.5%']);
  });
});

describe('the billed total in words', () => {
  it('is the API’s words until an approval changes the amount, then the billed amount spelt here', () => {
    const billed = { totalInWords: 'Rupees One Thousand Only', totalPaise: 100_000 };
    expect(billedInWords({ ...billed, approvedPaise: null })).toBe('Rupees One Thousand Only');
    expect(billedInWords({ ...billed, approvedPaise: 100_000 })).toBe('Rupees One Thousand Only');
    expect(billedInWords({ totalInWords: 'Rupees Nine Hundred Only', totalPaise: 100_000, approvedPaise: 90_000 })).toBe(
      'Rupees One Thousand Only',
    );
  });
});

describe('the tax invoice sheet', () => {
  it('names each party with its address, GSTIN (or that it has none) and PAN', () => {
    expect(partyLines({ ...party, pan: 'AAAAA0000A' })).toEqual([
      'Vayu Roadlines',
      '12 MIDC, Pune, Maharashtra 411019',
      'GSTIN: Not registered',
      'PAN: AAAAA0000A',
    ]);
    expect(partyLines({ ...party, address: null, city: null, state: null, gstin: '27BBBBB0000B1Z5' })).toEqual([
      'Vayu Roadlines',
      'GSTIN: 27BBBBB0000B1Z5',
    ]);
  });

  it('states the SAC, the lines (a deduction with its sign), the GST parts, the total and the billed amount in words', () => {
    const sheet = taxInvoiceSheet(invoice());
    expect(sheet.subtitle).toContain('SAC 996791');
    expect(sheet.facts).toContainEqual({ label: 'Tax payable on reverse charge', value: 'No' });
    expect(sheet.lines).toEqual([
      { id: 1, order: 'ORD-1', vehicle: 'MH12AB1234', description: 'Freight', amount: inr(100_000) },
      { id: 2, order: 'ORD-1', vehicle: '—', description: 'Deduction: Late', amount: `−${inr(5_000)}` },
    ]);
    expect(sheet.totals).toEqual([
      { label: 'Taxable value', amount: '₹950.00', strong: true },
      { label: 'CGST 2.5%', amount: '₹23.75', strong: false },
      { label: 'SGST 2.5%', amount: '₹23.75', strong: false },
      { label: 'Invoice total', amount: '₹997.50', strong: true },
    ]);
    expect(sheet.inWords).toBe('Rupees Nine Hundred Ninety-Seven and Fifty Paise Only');
    expect(sheet.signatory).toBe('For Vayu Roadlines, authorised signatory');
  });

  it('says who pays the GST under reverse charge, and falls back to the state code for the place of supply', () => {
    const sheet = taxInvoiceSheet(
      invoice({
        gst: gst({ scheme: 'rcm', supplierGstin: null, reverseCharge: true, cgstPaise: 2_375, sgstPaise: 2_375 }),
        placeOfSupply: '',
      }),
    );
    expect(sheet.facts).toContainEqual({ label: 'Tax payable on reverse charge', value: 'Yes' });
    expect(sheet.totals.map((t) => t.label)).toEqual([
      'Taxable value',
      'CGST 2.5% (payable by the recipient under reverse charge)',
      'SGST 2.5% (payable by the recipient under reverse charge)',
      'Invoice total (payable to the supplier)',
    ]);
    expect(sheet.placeOfSupply).toBe('state code 27');
  });

  it('spells what was billed once an approval changed the amount', () => {
    const sheet = taxInvoiceSheet(invoice({ approvedPaise: 50_000, totalInWords: 'Rupees Five Hundred Only' }));
    expect(sheet.inWords).toBe('Rupees Nine Hundred Ninety-Seven and Fifty Paise Only');
  });
});

describe('a credit note', () => {
  it('states its number, the invoice it is against, what each line billed and the GST of the credit at the invoice’s rate', () => {
    const inv = invoice();
    const sheet = noteSheet(
      {
        id: 1,
        kind: 'credit',
        number: 'CN/26-27/0001',
        financialYear: '2026-27',
        noteDate: '2026-05-10',
        origin: 'dispute',
        reason: 'Contract rate',
        taxablePaise: 20_000,
        taxPaise: 1_000,
        totalPaise: 20_000,
        lines: [{ lineId: 1, orderNumber: 'ORD-1', kind: 'freight', billedPaise: 100_000, amountPaise: 20_000, reason: null }],
        supplier: inv.supplier,
        recipient: inv.recipient,
        createdAt: '2026-05-10T06:00:00.000Z',
      },
      inv,
    );
    expect(sheet.title).toBe('Credit note');
    expect(sheet.facts).toContainEqual({ label: 'Against invoice', value: 'VR/26-27/0001 of 2026-05-04' });
    expect(sheet.lines[0]).toMatchObject({ order: 'ORD-1', description: `Freight (billed ${inr(100_000)})`, amount: inr(20_000) });
    // ₹200 at 5% within Maharashtra: ₹5 CGST and ₹5 SGST.
    expect(sheet.totals.map((t) => t.amount)).toEqual([inr(20_000), inr(500), inr(500), inr(20_000)]);
  });
});
