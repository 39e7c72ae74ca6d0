import { and, asc, desc, eq, type SQL, sql } from 'drizzle-orm';
import { rupeesInWords } from '@freightdesk/shared/money';
import type { InvoiceDetail, InvoiceLineView, InvoiceRow, IssuedParties } from '@freightdesk/shared/schemas/invoice-views';
import type { CarrierInvoiceListQuery, InvoiceListQuery } from '@freightdesk/shared/schemas/invoice';
import type { ListResponse } from '@freightdesk/shared/schemas/common';
import { gstSplit } from '@freightdesk/shared/money';
import type { DbOrTx } from '../../db/client.ts';
import { invoiceLines, invoicePayments, invoices, invoiceVersions } from '../../db/schema/money.ts';
import { orders } from '../../db/schema/orders.ts';
import { plants } from '../../db/schema/plants.ts';
import { carriers, industries } from '../../db/schema/tenancy.ts';
import { notFound } from '../../lib/errors.ts';
import { notesOf } from '../../repositories/credit-notes.repository.ts';
import { cappedPage, countUpTo, listOrder, numberMatch } from '../../lib/list-page.ts';

/** Today in India, as SQL. */
const TODAY = sql`(now() at time zone 'Asia/Kolkata')::date`;
const OPEN = sql`${invoices.status} in ('approved', 'partly_paid')`;
/** Still to pay on an approved invoice. The one definition of "due": lists, detail and the summary read it. */
export const DUE = sql<number>`(case when ${OPEN} then ${invoices.approvedPaise} - ${invoices.paidPaise} else 0 end)`;
/**
 * Overdue: all that is still due once the due date has passed; before it, the advance part not yet
 * paid (the advance is due on approval).
 */
export const OVERDUE = sql<number>`(case
  when not ${OPEN} then 0
  when ${invoices.dueDate} < ${TODAY} then ${invoices.approvedPaise} - ${invoices.paidPaise}
  when (${invoices.decidedAt} at time zone 'Asia/Kolkata')::date < ${TODAY}
    then greatest(0, round(${invoices.approvedPaise} * ${invoices.advancePercent} / 100) - ${invoices.paidPaise})
  else 0 end)`;
/** Days since the invoice date (the ageing of what is due). */
export const AGE_DAYS = sql<number>`(${TODAY} - ${invoices.invoiceDate})`;

const rowColumns = {
  id: invoices.id,
  number: invoices.number,
  financialYear: invoices.financialYear,
  invoiceDate: invoices.invoiceDate,
  status: invoices.status,
  version: invoices.version,
  industryId: invoices.industryId,
  shipperName: industries.name,
  carrierLinkId: invoices.industryCarrierId,
  carrierName: carriers.name,
  plantId: invoices.plantId,
  plantName: plants.name,
  orderCount: invoices.orderCount,
  taxablePaise: invoices.taxablePaise,
  taxPaise: invoices.taxPaise,
  totalPaise: invoices.totalPaise,
  approvedPaise: invoices.approvedPaise,
  paidPaise: invoices.paidPaise,
  duePaise: sql<number>`${DUE}::float8`,
  overduePaise: sql<number>`${OVERDUE}::float8`,
  dueDate: invoices.dueDate,
  submittedAt: invoices.submittedAt,
  updatedAt: invoices.updatedAt,
};

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

const joined = (db: DbOrTx) =>
  db
    .select(rowColumns)
    .from(invoices)
    .innerJoin(industries, eq(industries.id, invoices.industryId))
    .innerJoin(carriers, eq(carriers.id, invoices.carrierId))
    .innerJoin(plants, eq(plants.id, invoices.plantId));

const SORTS = { number: invoices.number, invoiceDate: invoices.invoiceDate, total: invoices.totalPaise, dueDate: invoices.dueDate };

/** A page of invoices in the policy's scope (the shipper's or the carrier's), newest first. */
export async function listInvoices(
  db: DbOrTx,
  scope: SQL,
  q: InvoiceListQuery | CarrierInvoiceListQuery,
): Promise<ListResponse<InvoiceRow>> {
  const where = and(
    scope,
    q.status ? eq(invoices.status, q.status) : undefined,
    'carrierLinkId' in q && q.carrierLinkId ? eq(invoices.industryCarrierId, q.carrierLinkId) : undefined,
    'plantId' in q && q.plantId ? eq(invoices.plantId, q.plantId) : undefined,
    'industryId' in q && q.industryId ? eq(invoices.industryId, q.industryId) : undefined,
    'overdue' in q && q.overdue ? sql`${OVERDUE} > 0` : undefined,
    q.search ? numberMatch(invoices.number, q.search) : undefined,
  );
  const order = listOrder(q.sort, SORTS, invoices.id);
  return cappedPage(
    q,
    async (limit, offset) =>
      (
        await joined(db)
          .where(where)
          .orderBy(...order)
          .limit(limit)
          .offset(offset)
      ).map(toRow),
    countUpTo(db, db.select({ id: invoices.id }).from(invoices).where(where)),
  );
}

async function linesOf(db: DbOrTx, invoiceId: number, version?: number): Promise<(InvoiceLineView & { version: number })[]> {
  const rows = await db
    .select({ line: invoiceLines, orderNumber: orders.number, vehicleNumber: orders.vehicleNumber })
    .from(invoiceLines)
    .innerJoin(orders, eq(orders.id, invoiceLines.orderId))
    .where(and(eq(invoiceLines.invoiceId, invoiceId), version ? eq(invoiceLines.version, version) : undefined))
    .orderBy(desc(invoiceLines.version), asc(invoiceLines.id));
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

/** One invoice in the caller's scope, with its lines, earlier versions, GST and payments; 404 outside it. */
export async function invoiceDetail(
  db: DbOrTx,
  id: number,
  scope: SQL,
  side: 'shipper' | 'carrier',
): Promise<InvoiceDetail & { updatedAt: string }> {
  const [raw] = await joined(db)
    .where(and(eq(invoices.id, id), scope))
    .limit(1);
  if (!raw) {
    throw notFound('Invoice');
  }
  const row = toRow(raw);
  const [inv] = await db.select().from(invoices).where(eq(invoices.id, id));
  const invoice = inv as typeof invoices.$inferSelect;
  const all = await linesOf(db, id);
  const versions = await db.select().from(invoiceVersions).where(eq(invoiceVersions.invoiceId, id)).orderBy(desc(invoiceVersions.version));
  const payments = await db.select().from(invoicePayments).where(eq(invoicePayments.invoiceId, id)).orderBy(asc(invoicePayments.id));
  const gstOf = (taxable: number) => {
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
  };
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
    payments: payments.map((p) => ({
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
    })),
    can: {
      review: side === 'shipper' && invoice.status === 'submitted',
      pay: side === 'shipper' && open,
      answer: side === 'carrier' && invoice.status === 'disputed',
    },
  };
}
