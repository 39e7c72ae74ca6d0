import { and, asc, desc, eq, sql } from 'drizzle-orm';
import type { CarrierInvoiceListQuery, InvoiceListQuery } from '@freightdesk/shared/schemas/invoice';
import type { DbOrTx } from '../db/client.ts';
import { invoiceLines, invoicePayments, invoices, invoiceVersions } from '../db/schema/money.ts';
import { orders } from '../db/schema/orders.ts';
import { plants } from '../db/schema/plants.ts';
import { carriers, industries } from '../db/schema/tenancy.ts';
import { cappedPage, countUpTo, listOrder, numberMatch } from './common/list-page.ts';
import { DUE, OVERDUE } from './invoice-dues.repository.ts';
import type { Rule } from '../lib/policy-require.ts';

/** The policy's invoice rule for the caller. */
type InvoiceRule = Rule<'invoice'>;

/**
 * The invoices' reads (modules/invoices/invoice-read.ts): lists and a single invoice within `scope`,
 * the policy's invoice rule for the viewer (the shipper's or the carrier's), and the lines,
 * versions and payments of an invoice read in it.
 */

export type InvoiceRecord = typeof invoices.$inferSelect;

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

const joined = (db: DbOrTx) =>
  db
    .select(rowColumns)
    .from(invoices)
    .innerJoin(industries, eq(industries.id, invoices.industryId))
    .innerJoin(carriers, eq(carriers.id, invoices.carrierId))
    .innerJoin(plants, eq(plants.id, invoices.plantId));

const SORTS = { number: invoices.number, invoiceDate: invoices.invoiceDate, total: invoices.totalPaise, dueDate: invoices.dueDate };

type ListQuery = InvoiceListQuery | CarrierInvoiceListQuery;

/** The invoices of the scope the list's filters keep. */
const listWhere = (scope: InvoiceRule, q: ListQuery) =>
  and(
    scope,
    q.status ? eq(invoices.status, q.status) : undefined,
    'carrierLinkId' in q && q.carrierLinkId ? eq(invoices.industryCarrierId, q.carrierLinkId) : undefined,
    'plantId' in q && q.plantId ? eq(invoices.plantId, q.plantId) : undefined,
    'industryId' in q && q.industryId ? eq(invoices.industryId, q.industryId) : undefined,
    'overdue' in q && q.overdue ? sql`${OVERDUE} > 0` : undefined,
    q.search ? numberMatch(invoices.number, q.search) : undefined,
  );

/** A page of the list, in the order asked (newest first by default). */
export const invoiceListQuery = (db: DbOrTx, scope: InvoiceRule, q: ListQuery, limit: number, offset: number) =>
  joined(db)
    .where(listWhere(scope, q))
    .orderBy(...listOrder(q.sort, SORTS, invoices.id))
    .limit(limit)
    .offset(offset);

/** A page of invoices in the scope, with their count (capped as every list's). */
export function invoiceListPage(db: DbOrTx, scope: InvoiceRule, q: ListQuery) {
  return cappedPage(
    q,
    (limit, offset) => invoiceListQuery(db, scope, q, limit, offset),
    countUpTo(db, db.select({ id: invoices.id }).from(invoices).where(listWhere(scope, q))),
  );
}

/** One invoice's list row, if it is in the scope. */
export const invoiceInScopeQuery = (db: DbOrTx, id: number, scope: InvoiceRule) =>
  joined(db)
    .where(and(eq(invoices.id, id), scope))
    .limit(1);

/** The invoice's record (read after `invoiceInScopeQuery` found it in the scope). */
export async function invoiceRecord(db: DbOrTx, id: number): Promise<InvoiceRecord | undefined> {
  const [inv] = await db.select().from(invoices).where(eq(invoices.id, id));
  return inv;
}

/** The invoice's lines (of one version, or of all, latest first) with their order's number and vehicle. */
export const invoiceLineRows = (db: DbOrTx, invoiceId: number, version?: number) =>
  db
    .select({ line: invoiceLines, orderNumber: orders.number, vehicleNumber: orders.vehicleNumber })
    .from(invoiceLines)
    .innerJoin(orders, eq(orders.id, invoiceLines.orderId))
    .where(and(eq(invoiceLines.invoiceId, invoiceId), version ? eq(invoiceLines.version, version) : undefined))
    .orderBy(desc(invoiceLines.version), asc(invoiceLines.id));

/** The invoice's versions, latest first. */
export const invoiceVersionRows = (db: DbOrTx, invoiceId: number) =>
  db.select().from(invoiceVersions).where(eq(invoiceVersions.invoiceId, invoiceId)).orderBy(desc(invoiceVersions.version));

/** The invoice's payments, in the order recorded. */
export const invoicePaymentRows = (db: DbOrTx, invoiceId: number) =>
  db.select().from(invoicePayments).where(eq(invoicePayments.invoiceId, invoiceId)).orderBy(asc(invoicePayments.id));
