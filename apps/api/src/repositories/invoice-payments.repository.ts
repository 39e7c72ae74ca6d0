import { and, eq, sql } from 'drizzle-orm';
import type { Tx } from '../db/client.ts';
import { invoicePayments, invoices } from '../db/schema/money.ts';
import { notFound } from '../lib/errors.ts';
import type { Rule } from '../lib/policy-require.ts';

/** The policy's invoice rule for the caller. */
type InvoiceRule = Rule<'invoice'>;

/**
 * The statements of recording a payment. The invoice is read within the caller's policy scope
 * (the shipper's invoice rule) and locked for the transaction; everything after it works on that row.
 */

export type Invoice = typeof invoices.$inferSelect;
export type PaymentRow = typeof invoicePayments.$inferInsert;

/** The invoice in scope, locked for a payment (`lock`) or read for a preview; 404 outside the scope. */
export async function invoiceForPayment(tx: Tx, id: number, scope: InvoiceRule, lock: boolean): Promise<Invoice> {
  const query = tx
    .select()
    .from(invoices)
    .where(and(eq(invoices.id, id), scope));
  const [invoice] = lock ? await query.for('update') : await query;
  if (!invoice) {
    throw notFound('Invoice');
  }
  return invoice;
}

/** The invoice in scope, locked; 404 outside the scope. */
export const lockedForPayment = (tx: Tx, id: number, scope: InvoiceRule) => invoiceForPayment(tx, id, scope, true);

/** The payment recorded on the invoice under a UTR (letters in any case), if any. */
export async function paymentByReference(tx: Tx, invoiceId: number, reference: string) {
  const [earlier] = await tx
    .select({ amountPaise: invoicePayments.amountPaise, paidOn: invoicePayments.paidOn })
    .from(invoicePayments)
    .where(and(eq(invoicePayments.invoiceId, invoiceId), sql`upper(${invoicePayments.reference}) = ${reference.toUpperCase()}`));
  return earlier;
}

/** Stores the payment and the invoice's paid amount and status with it. */
export async function insertPayment(tx: Tx, invoice: Invoice, row: PaymentRow): Promise<number> {
  await tx.insert(invoicePayments).values(row);
  const paid = invoice.paidPaise + row.amountPaise;
  await tx
    .update(invoices)
    .set({ paidPaise: paid, status: paid === invoice.approvedPaise ? 'paid' : 'partly_paid', updatedAt: new Date() })
    .where(eq(invoices.id, invoice.id));
  return paid;
}
