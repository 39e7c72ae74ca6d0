import { and, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/client.ts';
import { rowsOf } from '../db/rows.ts';
import { invoiceLines, invoices } from '../db/schema/money.ts';
import { notFound } from '../lib/errors.ts';
import { lockVersion } from '../lib/version-check.ts';
import type { Rule } from '../lib/policy-require.ts';

/** The policy's invoice rule for the caller. */
type InvoiceRule = Rule<'invoice'>;

/**
 * The statements of the shipper's review of an invoice (modules/invoices/invoice-review.service.ts).
 * The invoice is read within `scope`, the policy's invoice rule for the viewer; what follows works
 * on that invoice.
 */

export type Invoice = typeof invoices.$inferSelect;
export type InvoiceChange = Partial<typeof invoices.$inferInsert>;
export type LineDecision = Pick<
  typeof invoiceLines.$inferInsert,
  'decision' | 'decidedPaise' | 'decisionReason' | 'decidedBy' | 'decidedAt'
>;

/** The invoice in scope, locked at the version the caller saw (409 when changed since); 404 outside the scope. */
export async function lockedInvoice(tx: DbOrTx, id: number, scope: InvoiceRule, expected: Date | undefined): Promise<Invoice> {
  const where = and(eq(invoices.id, id), scope);
  await lockVersion(tx, { table: invoices, where, expected, label: 'invoice', entity: 'invoice' });
  const [invoice] = await tx.select().from(invoices).where(where);
  if (!invoice) {
    throw notFound('Invoice');
  }
  return invoice;
}

/** When the last of the invoice's orders was delivered as its POD says, if any. */
export async function lastPodDelivery(tx: DbOrTx, invoiceId: number): Promise<string | Date | null | undefined> {
  const [row] = rowsOf<{ at: string | Date | null }>(
    await tx.execute(sql`select max(p.delivered_at) as at from pods p join invoice_orders io on io.order_id = p.order_id
        where io.invoice_id = ${invoiceId}`),
  );
  return row?.at;
}

/** Changes the invoice's row. */
export async function updateInvoice(tx: DbOrTx, invoiceId: number, change: InvoiceChange): Promise<void> {
  await tx.update(invoices).set(change).where(eq(invoices.id, invoiceId));
}

/** Records the decision on a line. */
export async function decideLine(tx: DbOrTx, lineId: number, decision: LineDecision): Promise<void> {
  await tx.update(invoiceLines).set(decision).where(eq(invoiceLines.id, lineId));
}

/** The invoice's current version, if the invoice is in the scope. */
export const invoiceVersionQuery = (db: DbOrTx, id: number, scope: InvoiceRule) =>
  db
    .select({ version: invoices.version })
    .from(invoices)
    .where(and(eq(invoices.id, id), scope));

/** The pending lines of a version the audit found matching. */
export const matchingLinesQuery = (db: DbOrTx, invoiceId: number, version: number) =>
  db
    .select({ id: invoiceLines.id })
    .from(invoiceLines)
    .where(
      and(
        eq(invoiceLines.invoiceId, invoiceId),
        eq(invoiceLines.version, version),
        eq(invoiceLines.audit, 'match'),
        eq(invoiceLines.decision, 'pending'),
      ),
    );
