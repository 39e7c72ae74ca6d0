import { and, eq, inArray, ne, type SQL, sql } from 'drizzle-orm';
import { QueryBuilder } from 'drizzle-orm/pg-core';
import type { PlanInvoiceSummary } from '@freightdesk/shared/schemas/plan-billing';
import type { DbOrTx } from '../db/client.ts';
import { planInvoices, platformDocumentSeries } from '../db/schema/plan-invoices.ts';
import { payments } from '../db/schema/platform.ts';
import { type Action, planInvoicesFor, type Viewer } from '../lib/policy.ts';

/** The statements of the platform's tax invoices for plans (issue 33). */

export type PlanInvoiceRow = typeof planInvoices.$inferSelect;
export type NewPlanInvoice = typeof planInvoices.$inferInsert;

/**
 * The next number of the platform's plan invoice series in the financial year ('FD/26-27/0001':
 * 13 characters, within GST's 16). The series row stays locked until the transaction ends, so two
 * invoices never share a number and a confirmation that fails leaves no gap.
 */
export async function nextPlanInvoiceNumber(tx: DbOrTx, financialYear: string): Promise<string> {
  const [row] = await tx
    .insert(platformDocumentSeries)
    .values({ kind: 'plan', financialYear, last: 1 })
    .onConflictDoUpdate({
      target: [platformDocumentSeries.kind, platformDocumentSeries.financialYear],
      set: { last: sql`${platformDocumentSeries.last} + 1` },
    })
    .returning({ last: platformDocumentSeries.last });
  return `FD/${financialYear.slice(2)}/${String(row?.last ?? 1).padStart(4, '0')}`;
}

export async function insertPlanInvoice(tx: DbOrTx, row: NewPlanInvoice): Promise<number> {
  const [made] = await tx.insert(planInvoices).values(row).returning({ id: planInvoices.id });
  return made?.id ?? 0;
}

/** Whether a UTR (any case) already confirmed another plan payment. */
export async function utrUsedElsewhere(tx: DbOrTx, utr: string, paymentId: number): Promise<boolean> {
  const [row] = await tx
    .select({ id: payments.id })
    .from(payments)
    .where(
      and(
        eq(payments.purpose, 'plan'),
        eq(payments.status, 'paid'),
        ne(payments.id, paymentId),
        sql`upper(${payments.providerRef}) = ${utr.toUpperCase()}`,
      ),
    )
    .limit(1);
  return row !== undefined;
}

/** Which plan invoice rows a viewer reaches for a payment (the policy's rule), or null for none. */
function planInvoiceWhere(viewer: Viewer, paymentId: number, action: Action): SQL | null {
  const scope = planInvoicesFor(viewer, action);
  return scope ? (and(eq(planInvoices.paymentId, paymentId), scope) as SQL) : null;
}

/** The statement of `planInvoiceOfPayment`, for queries/plan-invoices.sql. */
export function planInvoiceStatement(viewer: Viewer, paymentId: number): SQL {
  return new QueryBuilder()
    .select({ id: planInvoices.id, utr: payments.providerRef })
    .from(planInvoices)
    .innerJoin(payments, eq(payments.id, planInvoices.paymentId))
    .where(planInvoiceWhere(viewer, paymentId, 'read') ?? sql`false`)
    .getSQL();
}

/** The tax invoice of a plan payment, within the viewer's scope (the policy's rule); null when none or not theirs. */
export async function planInvoiceOfPayment(db: DbOrTx, viewer: Viewer, paymentId: number, action: Action = 'read') {
  const where = planInvoiceWhere(viewer, paymentId, action);
  if (!where) {
    return null;
  }
  const [row] = await db
    .select({ invoice: planInvoices, utr: payments.providerRef })
    .from(planInvoices)
    .innerJoin(payments, eq(payments.id, planInvoices.paymentId))
    .where(where);
  return row ?? null;
}

/** The invoices of some payments (already read within the caller's scope), by payment id. */
export async function planInvoiceSummaries(db: DbOrTx, paymentIds: number[]): Promise<Map<number, PlanInvoiceSummary>> {
  if (paymentIds.length === 0) {
    return new Map();
  }
  const rows = await db
    .select({ paymentId: planInvoices.paymentId, id: planInvoices.id, number: planInvoices.number, invoiceDate: planInvoices.invoiceDate })
    .from(planInvoices)
    .where(inArray(planInvoices.paymentId, paymentIds));
  return new Map(rows.map(({ paymentId, ...summary }) => [paymentId, summary]));
}
