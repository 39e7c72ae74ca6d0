import { rupeesInWords } from '@freightdesk/shared/money';
import type { InvoiceDetail, InvoiceLineView, InvoiceRow, IssuedParties } from '@freightdesk/shared/schemas/invoice-views';
import type { CarrierInvoiceListQuery, InvoiceListQuery } from '@freightdesk/shared/schemas/invoice';
import type { ListResponse } from '@freightdesk/shared/schemas/common';
import { gstSplit } from '@freightdesk/shared/money';
import type { DbOrTx } from '../../db/client.ts';
import { notFound } from '../../lib/errors.ts';
import { notesOf } from '../../repositories/credit-notes.repository.ts';
import {
  type InvoiceRecord,
  invoiceInScopeQuery,
  invoiceLineRows,
  invoiceListPage,
  invoicePaymentRows,
  invoiceRecord,
  invoiceVersionRows,
} from '../../repositories/invoice-reads.repository.ts';
import type { Rule } from '../../lib/policy-require.ts';

/** The policy's invoice rule for the caller. */
type InvoiceRule = Rule<'invoice'>;

function toRow(r: Record<string, unknown>): InvoiceRow & { updatedAt: string } {
  const { overduePaise, submittedAt, updatedAt, ...rest } = r as Record<string, unknown> & { submittedAt: Date; updatedAt: Date };
  return {
    ...(rest as Omit<InvoiceRow, 'overdue' | 'submittedAt'>),
    duePaise: Number(rest.duePaise),
    overdue: Number(overduePaise) > 0,
    submittedAt: submittedAt.toISOString(),
    updatedAt: updatedAt.toISOString(),
  };
}

/** A page of invoices in the policy's scope (the shipper's or the carrier's), newest first. */
export async function listInvoices(
  db: DbOrTx,
  scope: InvoiceRule,
  q: InvoiceListQuery | CarrierInvoiceListQuery,
): Promise<ListResponse<InvoiceRow>> {
  const page = await invoiceListPage(db, scope, q);
  return { ...page, data: page.data.map(toRow) };
}

async function linesOf(db: DbOrTx, invoiceId: number, version?: number): Promise<(InvoiceLineView & { version: number })[]> {
  const rows = await invoiceLineRows(db, invoiceId, version);
  return rows.map(({ line, orderNumber, vehicleNumber }) => ({
    id: line.id,
    version: line.version,
    orderId: line.orderId,
    orderNumber,
    vehicleNumber,
    kind: line.kind,
    amountPaise: line.amountPaise,
    creditedPaise: line.creditedPaise,
    reason: line.reason,
    expectedPaise: line.expectedPaise,
    audit: line.audit,
    auditNotes: line.auditNotes,
    decision: line.decision,
    decidedPaise: line.decidedPaise,
    decisionReason: line.decisionReason,
  }));
}

/** Each line's vehicle and consignment note as they were at issue (an order's vehicle may be changed later). */
const issuedVehicle =
  ({ vehicles, consignmentNotes }: Pick<IssuedParties, 'vehicles' | 'consignmentNotes'>) =>
  <L extends InvoiceLineView>(l: L): L => {
    const key = String(l.orderId);
    const withVehicle = key in vehicles ? { ...l, vehicleNumber: vehicles[key] ?? null } : l;
    const lr = consignmentNotes?.[key];
    return lr ? { ...withVehicle, lrNumber: lr } : withVehicle;
  };

/** The GST of an amount taxed as the invoice is (its scheme, rate and parties' GSTINs). */
function gstOfInvoice(invoice: InvoiceRecord, taxable: number) {
  const split = gstSplit(taxable, invoice.gstRatePct, invoice.supplierGstin ?? invoice.recipientGstin, invoice.recipientGstin);
  return {
    scheme: invoice.gstScheme,
    ratePct: invoice.gstRatePct,
    supplierGstin: invoice.supplierGstin,
    recipientGstin: invoice.recipientGstin,
    cgstPaise: split.cgstPaise,
    sgstPaise: split.sgstPaise,
    igstPaise: split.igstPaise,
    reverseCharge: invoice.gstScheme === 'rcm',
  };
}

/** A payment as the invoice shows it. */
const paymentView = (p: Awaited<ReturnType<typeof invoicePaymentRows>>[number]) => ({
  id: p.id,
  amountPaise: p.amountPaise,
  tdsPaise: p.tdsPaise,
  netPaise: p.amountPaise - p.tdsPaise,
  tdsRatePct: p.tdsRatePct,
  tdsRule: p.tdsRule,
  paidOn: p.paidOn,
  reference: p.reference,
  provider: p.provider,
  note: p.note,
  recordedAt: p.createdAt.toISOString(),
});

/** One invoice in the caller's scope, with its lines, earlier versions, GST and payments; 404 outside it. */
export async function invoiceDetail(
  db: DbOrTx,
  id: number,
  scope: InvoiceRule,
  side: 'shipper' | 'carrier',
): Promise<InvoiceDetail & { updatedAt: string }> {
  const [raw] = await invoiceInScopeQuery(db, id, scope);
  if (!raw) {
    throw notFound('Invoice');
  }
  const row = toRow(raw);
  const invoice = (await invoiceRecord(db, id)) as InvoiceRecord;
  const all = await linesOf(db, id);
  const versions = await invoiceVersionRows(db, id);
  const payments = await invoicePaymentRows(db, id);
  const gstOf = (taxable: number) => gstOfInvoice(invoice, taxable);
  const open = invoice.status === 'approved' || invoice.status === 'partly_paid';
  const { supplier, recipient, placeOfSupply } = invoice.issued;
  const asIssued = issuedVehicle(invoice.issued);
  return {
    ...row,
    carrierName: invoice.issued.carrierName || row.carrierName,
    supplier,
    recipient,
    placeOfSupply,
    issuedAt: invoice.issued.issuedAt,
    gst: gstOf(invoice.taxablePaise),
    approvedGst: invoice.approvedTaxablePaise === null ? null : gstOf(invoice.approvedTaxablePaise),
    approvedTaxablePaise: invoice.approvedTaxablePaise,
    totalInWords: rupeesInWords(invoice.approvedPaise ?? invoice.totalPaise),
    advancePercent: invoice.advancePercent,
    creditDays: invoice.creditDays,
    lines: all.filter((l) => l.version === invoice.version).map(asIssued),
    history: versions
      .filter((v) => v.version !== invoice.version)
      .map((v) => ({
        version: v.version,
        submittedAt: v.submittedAt.toISOString(),
        note: v.note,
        taxablePaise: v.taxablePaise,
        totalPaise: v.totalPaise,
        lines: all.filter((l) => l.version === v.version).map(asIssued),
      })),
    notes: await notesOf(db, id),
    payments: payments.map(paymentView),
    can: {
      review: side === 'shipper' && invoice.status === 'submitted',
      pay: side === 'shipper' && open,
      answer: side === 'carrier' && invoice.status === 'disputed',
    },
  };
}
