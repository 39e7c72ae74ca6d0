import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { caller, type Road } from '../../test/execution.ts';
import { useTestApp } from '../../test/harness.ts';
import { fieldsOf as fieldOf, freightLine as freight, invoiceBody as body, setupInvoicing } from '../../test/invoicing.ts';
import { readPdf } from '../../test/pdf-text.ts';
import { indiaToday } from '../../lib/india-time.ts';

const t = useTestApp();
const call = caller(t);
const today = () => indiaToday();
let r: Road;
/** Three delivered orders of Vayu at the first plant (test/invoicing.ts). */
let delivered: { id: number; number: string }[] = [];

beforeAll(async () => {
  ({ r, delivered } = await setupInvoicing(t));
});

describe('a carrier invoice through audit, dispute, credit note, approval and payment', () => {
  let id = 0;
  let _updatedAt = '';
  it('the carrier sees its delivered, unbilled orders with the freight and detention the platform expects', async () => {
    const res = await call('GET', `/api/carrier/invoices/billable-orders?industryId=${await industryId()}`, r.vayu);
    expect(res.statusCode, res.body).toBe(200);
    const rows = res.json().data as { id: number; freightPaise: number; detentionPaise: number; detentionHours: number }[];
    expect(rows.map((o) => o.id).sort()).toEqual(delivered.map((o) => o.id).sort());
    expect(rows.find((o) => o.id === delivered[0]?.id)).toMatchObject({
      freightPaise: 3_000_000,
      detentionHours: 6,
      detentionPaise: 60_000,
    });
    expect(rows.find((o) => o.id === delivered[1]?.id)).toMatchObject({ detentionPaise: 0 });
  });

  it('submits two orders with detention and one wrong freight line; the audit flags the wrong lines only', async () => {
    const [a, b] = delivered as unknown as [{ id: number }, { id: number }];
    const res = await call(
      'POST',
      '/api/carrier/invoices',
      r.vayu,
      body(
        [
          freight(a.id),
          { orderId: a.id, kind: 'detention', amountRupees: 600 },
          freight(b.id, 32000),
          { orderId: b.id, kind: 'detention', amountRupees: 500 },
        ],
        {
          number: 'VT/26-27/001',
        },
      ),
    );
    expect(res.statusCode, res.body).toBe(201);
    const invoice = res.json().data;
    id = invoice.id;
    expect(invoice).toMatchObject({ status: 'submitted', version: 1, orderCount: 2, taxablePaise: 6_310_000, taxPaise: 315_500 });
    // Reverse charge: the shipper pays the GST to the government, not to the carrier.
    expect(invoice.totalPaise).toBe(6_310_000);
    expect(invoice.gst).toMatchObject({ scheme: 'rcm', ratePct: 5, reverseCharge: true });
    // The parties as a tax invoice names them: the carrier, and the shipper at the billed plant.
    expect(invoice.supplier).toMatchObject({ name: 'Vayu Roadlines', gstin: null });
    expect(invoice.recipient).toMatchObject({ gstin: invoice.gst.recipientGstin, state: 'Maharashtra' });
    expect(invoice.placeOfSupply).toBe('Maharashtra');
    const audit = invoice.lines.map((l: { kind: string; audit: string; expectedPaise: number | null }) => [
      l.kind,
      l.audit,
      l.expectedPaise,
    ]);
    expect(audit).toEqual([
      ['freight', 'match', 3_000_000],
      ['detention', 'match', 60_000],
      ['freight', 'differs', 3_000_000],
      ['detention', 'differs', 0],
    ]);
    expect(invoice.lines[2].auditNotes[0]).toContain('₹30,000.00');
    const told = (await call('GET', '/api/notifications', r.owner)).json().data as { title: string; type: string; referId: number }[];
    expect(told.find((n) => n.type === 'invoice' && n.referId === id)?.title).toBe('Invoice submitted');
  });

  it('the shipper approves the matching lines in one click and disputes the rest; the carrier is told', async () => {
    const before = (await call('GET', `/api/invoices/${id}`, r.owner)).json().data;
    const stale = await call('POST', `/api/invoices/${id}/approve-matching`, r.owner, {}, { 'if-match': '2020-01-01T00:00:00.000Z' });
    expect(stale.statusCode, stale.body).toBe(409);
    const one = await call('POST', `/api/invoices/${id}/approve-matching`, r.owner, {}, { 'if-match': before.updatedAt });
    expect(one.statusCode, one.body).toBe(200);
    expect(one.json().approved).toBe(2);
    const wrong = one.json().data.lines.filter((l: { audit: string }) => l.audit === 'differs') as { id: number }[];
    const above = await call('POST', `/api/invoices/${id}/review`, r.owner, {
      decisions: [{ lineId: wrong[0]?.id, decision: 'adjust', amountRupees: 1_050_000_000.3, reason: 'Typed in the wrong box' }],
    });
    expect(above.statusCode, above.body).toBe(400);
    expect(fieldOf(above)).toEqual(['decisions.0.amountRupees']);
    expect(above.json().error.message).toContain('at most ₹');
    const noReason = await call('POST', `/api/invoices/${id}/review`, r.owner, {
      decisions: [{ lineId: wrong[0]?.id, decision: 'dispute' }],
    });
    expect(noReason.statusCode).toBe(400);
    expect(fieldOf(noReason)).toEqual(['decisions.0.reason']);
    const res = await call('POST', `/api/invoices/${id}/review`, r.owner, {
      decisions: wrong.map((l) => ({ lineId: l.id, decision: 'dispute', reason: 'Contract rate is ₹30,000; no detention at Surat' })),
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.status).toBe('disputed');
    const told = (await call('GET', '/api/notifications', r.vayu)).json().data as { title: string; referId: number }[];
    expect(told.find((n) => n.referId === id)?.title).toBe('Invoice disputed');
    const again = await call('POST', `/api/invoices/${id}/review`, r.owner, { decisions: [{ lineId: wrong[0]?.id, decision: 'approve' }] });
    expect(again.statusCode).toBe(409);
  });

  it('the carrier answers the dispute with a credit note in its own series; the invoice stands as issued', async () => {
    const mine = (await call('GET', `/api/carrier/invoices/${id}`, r.vayu)).json().data;
    expect(mine.can).toEqual({ review: false, pay: false, answer: true });
    const disputed = mine.lines.filter((l: { decision: string }) => l.decision === 'disputed') as { id: number; kind: string }[];
    const [freightB, detentionB] = [disputed.find((l) => l.kind === 'freight'), disputed.find((l) => l.kind === 'detention')];
    const answer = (lines: object[]) => ({ reason: 'Freight at the contract rate', lines });
    const tooMuch = await call(
      'POST',
      `/api/carrier/invoices/${id}/credit-notes`,
      r.vayu,
      answer([{ lineId: freightB?.id, amountRupees: 32_000.01 }]),
    );
    expect(fieldOf(tooMuch)).toEqual(['lines.0.amountRupees']);
    const twice = answer([
      { lineId: freightB?.id, amountRupees: 1 },
      { lineId: freightB?.id, amountRupees: 1 },
    ]);
    expect(fieldOf(await call('POST', `/api/carrier/invoices/${id}/credit-notes`, r.vayu, twice))).toEqual(['lines.1.lineId']);
    const approvedLine = mine.lines.find((l: { decision: string }) => l.decision === 'approved');
    const notDisputed = await call(
      'POST',
      `/api/carrier/invoices/${id}/credit-notes`,
      r.vayu,
      answer([{ lineId: approvedLine.id, amountRupees: 1 }]),
    );
    expect(fieldOf(notDisputed)).toEqual(['lines.0.lineId']);
    // ₹2,000 off the freight billed at ₹32,000; the detention stands (nothing credited on it).
    const lines = [
      { lineId: freightB?.id, amountRupees: 2_000 },
      { lineId: detentionB?.id, amountRupees: 0 },
    ];
    const stale = await call('POST', `/api/carrier/invoices/${id}/credit-notes`, r.vayu, answer(lines), {
      'if-match': '2020-01-01T00:00:00.000Z',
    });
    expect(stale.statusCode).toBe(409);
    const res = await call('POST', `/api/carrier/invoices/${id}/credit-notes`, r.vayu, answer(lines), { 'if-match': mine.updatedAt });
    expect(res.statusCode, res.body).toBe(201);
    const answered = res.json().data;
    // The invoice as issued: its number, version, totals unchanged; the note beside it.
    expect(answered).toMatchObject({
      status: 'submitted',
      version: 1,
      number: 'VT/26-27/001',
      taxablePaise: 6_310_000,
      totalPaise: 6_310_000,
    });
    expect(answered.notes).toHaveLength(1);
    const fy = answered.financialYear.slice(2);
    expect(answered.notes[0]).toMatchObject({
      kind: 'credit',
      number: `CN/${fy}/0001`,
      origin: 'dispute',
      taxablePaise: 200_000,
      taxPaise: 10_000,
    });
    expect(answered.lines.find((l: { id: number }) => l.id === freightB?.id)).toMatchObject({
      creditedPaise: 200_000,
      decision: 'pending',
    });
    // The lines approved before stay approved.
    expect(answered.lines.filter((l: { decision: string }) => l.decision === 'approved')).toHaveLength(2);
    const told = (await call('GET', '/api/notifications', r.owner)).json().data as { title: string; referId: number }[];
    expect(told.find((n) => n.referId === id)?.title).toBe('Credit note received');
    expect((await call('POST', `/api/carrier/invoices/${id}/credit-notes`, r.vayu, answer(lines))).statusCode).toBe(409);
    _updatedAt = answered.updatedAt;
  });

  it('the shipper approves the credited freight and adjusts the detention: the adjustment is a credit note too', async () => {
    const before = (await call('GET', `/api/invoices/${id}`, r.owner)).json().data;
    const pending = before.lines.filter((l: { decision: string }) => l.decision === 'pending') as { id: number; kind: string }[];
    const res = await call('POST', `/api/invoices/${id}/review`, r.owner, {
      decisions: pending.map((l) =>
        l.kind === 'freight'
          ? { lineId: l.id, decision: 'approve' }
          : { lineId: l.id, decision: 'adjust', amountRupees: 0, reason: 'No detention at Surat' },
      ),
    });
    expect(res.statusCode, res.body).toBe(200);
    const data = res.json().data;
    _updatedAt = data.updatedAt;
    // ₹63,100 billed − ₹2,000 (CN 0001) − ₹500 (CN 0002) = ₹60,600; GST under reverse charge ₹3,155 − ₹100 − ₹25 = ₹3,030.
    expect(
      data.notes.map((n: { number: string; origin: string; taxablePaise: number }) => [n.number.slice(-4), n.origin, n.taxablePaise]),
    ).toEqual([
      ['0001', 'dispute', 200_000],
      ['0002', 'adjustment', 50_000],
    ]);
    expect(data).toMatchObject({
      status: 'approved',
      totalPaise: 6_310_000,
      approvedTaxablePaise: 6_060_000,
      approvedPaise: 6_060_000,
      paidPaise: 0,
      duePaise: 6_060_000,
      overdue: false,
      creditDays: 15,
    });
    expect(data.approvedGst.cgstPaise + data.approvedGst.sgstPaise + data.approvedGst.igstPaise).toBe(303_000);
    expect(data.dueDate).toBe(addDays(today(), 15));
    expect(data.totalInWords).toBe('Rupees Sixty Thousand Six Hundred Only');
  });

  it('prints each note as a PDF of its own: its number, the invoice it is against, the line and its GST', async () => {
    const notes = (await call('GET', `/api/invoices/${id}`, r.owner)).json().data.notes as { id: number; number: string }[];
    const [first] = notes as [{ id: number; number: string }];
    const res = await call('GET', `/api/invoices/${id}/notes/${first.id}/pdf`, r.owner);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    const pdf = readPdf(res.rawPayload);
    expect(pdf.title).toBe(first.number);
    for (const text of [
      'Credit note',
      `Credit note no.: ${first.number}`,
      'Against invoice: VT/26-27/001',
      'Freight (billed ₹32,000.00)',
      '₹2,000.00',
    ]) {
      expect(pdf.text).toContain(text);
    }
    // The same bytes every time, and the carrier's copy is the same note.
    expect((await call('GET', `/api/invoices/${id}/notes/${first.id}/pdf`, r.owner)).rawPayload.equals(res.rawPayload)).toBe(true);
    expect((await call('GET', `/api/carrier/invoices/${id}/notes/${first.id}/pdf`, r.vayu)).rawPayload.equals(res.rawPayload)).toBe(true);
    expect((await call('GET', `/api/invoices/${id}/notes/999999/pdf`, r.owner)).statusCode).toBe(404);
  });

  it('records a part payment once for a retried key, refuses more than is due, then the rest', async () => {
    const key = { 'idempotency-key': `pay-${id}-first-part` };
    const part = { amountRupees: 20000, paidOn: today(), reference: 'UTR0001' };
    const first = await call('POST', `/api/invoices/${id}/payments`, r.owner, part, key);
    expect(first.statusCode, first.body).toBe(201);
    const retried = await call('POST', `/api/invoices/${id}/payments`, r.owner, part, key);
    expect(retried.statusCode).toBe(201);
    expect(retried.headers['idempotent-replayed']).toBe('true');
    const after = (await call('GET', `/api/invoices/${id}`, r.owner)).json().data;
    expect(after).toMatchObject({ status: 'partly_paid', paidPaise: 2_000_000, duePaise: 4_060_000 });
    expect(after.payments).toHaveLength(1);
    // The same payment sent again without a key (a double click, a client's retry): the UTR records it once.
    const noKey = await call('POST', `/api/invoices/${id}/payments`, r.owner, { ...part, reference: 'utr0001' });
    expect(noKey.statusCode, noKey.body).toBe(201);
    expect(noKey.json().data.payments).toHaveLength(1);
    const otherAmount = await call('POST', `/api/invoices/${id}/payments`, r.owner, { ...part, amountRupees: 100 });
    expect(otherAmount.statusCode, otherAmount.body).toBe(409);
    expect(fieldOf(otherAmount)).toEqual(['reference']);
    const tooMuch = await call('POST', `/api/invoices/${id}/payments`, r.owner, { ...part, amountRupees: 40600.01, reference: 'UTR0002' });
    expect(tooMuch.statusCode).toBe(400);
    expect(fieldOf(tooMuch)).toEqual(['amountRupees']);
    expect(tooMuch.json().error.message).toContain('40,600.00');
    const closedYear = await call('POST', `/api/invoices/${id}/payments`, r.owner, { ...part, paidOn: '2024-05-02', reference: 'UTR0003' });
    expect(closedYear.statusCode).toBe(400);
    expect(fieldOf(closedYear)).toEqual(['paidOn']);
  });

  it('the payment summary and the carrier’s own summary agree', async () => {
    const shipper = (await call('GET', '/api/invoices/summary', r.owner)).json().data;
    const vayuRow = shipper.rows.find((row: { carrierLinkId: number }) => row.carrierLinkId === r.vayuLink);
    const carrier = (await call('GET', '/api/carrier/invoices/summary', r.vayu)).json().data;
    const shipperRow = carrier.rows.find((row: { industryId: number }) => row.industryId === vayuRow.industryId);
    const figures = ({ invoices, billedPaise, approvedPaise, paidPaise, duePaise, overduePaise, ageing }: Record<string, unknown>) => ({
      invoices,
      billedPaise,
      approvedPaise,
      paidPaise,
      duePaise,
      overduePaise,
      ageing,
    });
    expect(figures(vayuRow)).toEqual(figures(shipperRow));
    expect(figures(vayuRow)).toMatchObject({
      invoices: 1,
      approvedPaise: 6_060_000,
      paidPaise: 2_000_000,
      duePaise: 4_060_000,
      overduePaise: 0,
    });
    expect(vayuRow.ageing).toEqual({ d0_30: 4_060_000, d31_60: 0, d61_90: 0, d90plus: 0 });
  });

  it('ages and marks overdue what stays unpaid past its due date', async () => {
    await t.database.db.execute(sql`update invoices set invoice_date = invoice_date - 45, due_date = current_date - 30 where id = ${id}`);
    const row = (await call('GET', '/api/invoices/summary', r.owner))
      .json()
      .data.rows.find((x: { carrierLinkId: number }) => x.carrierLinkId === r.vayuLink);
    expect(row).toMatchObject({
      duePaise: 4_060_000,
      overduePaise: 4_060_000,
      ageing: { d0_30: 0, d31_60: 4_060_000, d61_90: 0, d90plus: 0 },
    });
    const overdue = (await call('GET', '/api/invoices?overdue=1', r.owner)).json();
    expect(overdue.data.map((x: { id: number }) => x.id)).toEqual([id]);
    const paid = await call('POST', `/api/invoices/${id}/payments`, r.owner, {
      amountRupees: 40600,
      paidOn: today(),
      reference: 'UTR0004',
    });
    expect(paid.statusCode, paid.body).toBe(201);
    expect(paid.json().data).toMatchObject({ status: 'paid', duePaise: 0, overdue: false });
    const more = await call('POST', `/api/invoices/${id}/payments`, r.owner, { amountRupees: 1, paidOn: today(), reference: 'UTR0005' });
    expect(more.statusCode).toBe(409);
  });
});

async function industryId(): Promise<number> {
  const rows = (await t.database.db.execute(sql`select industry_id from orders where id = ${delivered[0]?.id ?? 0}`)) as unknown as {
    rows: { industry_id: number }[];
  };
  return Number(rows.rows[0]?.industry_id);
}

function addDays(day: string, days: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
}
