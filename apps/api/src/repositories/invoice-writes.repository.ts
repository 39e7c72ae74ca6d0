import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/client.ts';
import { rowsOf } from '../db/rows.ts';
import { invoiceLines, invoiceOrders, invoices, invoiceVersions } from '../db/schema/money.ts';

/**
 * The statements of a carrier raising an invoice (modules/invoices/invoices.service.ts). The orders
 * were first read as the carrier's own (their facts name the carrier, checked by the caller).
 */

export type NewInvoice = typeof invoices.$inferInsert;
export type NewInvoiceLine = typeof invoiceLines.$inferInsert;
export type NewInvoiceVersion = typeof invoiceVersions.$inferInsert;

/** The carrier's GSTIN and the plant's (the invoice's supplier and recipient). */
export async function gstinsOf(tx: DbOrTx, carrierId: number, plantId: number) {
  return rowsOf<{ gstin: string | null; plant_gstin: string }>(
    await tx.execute(sql`select (select gstin from carriers where id = ${carrierId}) as gstin,
      (select gstin from plants where id = ${plantId}) as plant_gstin`),
  )[0];
}

/** The carrier's invoice of this number (any case) in the financial year, if any. */
export async function invoiceNumbered(tx: DbOrTx, carrierId: number, fy: string, number: string) {
  const [taken] = rowsOf<{ id: number }>(
    await tx.execute(sql`select id from invoices where carrier_id = ${carrierId} and financial_year = ${fy}
          and upper(number) = upper(${number}) limit 1`),
  );
  return taken;
}

/** Stores an invoice: its id. */
export async function insertInvoice(tx: DbOrTx, values: NewInvoice): Promise<number> {
  const [row] = await tx.insert(invoices).values(values).returning({ id: invoices.id });
  return (row as { id: number }).id;
}

/** Ties the orders to the invoice: the orders taken (one already on another invoice is left out). */
export const takeOrders = (tx: DbOrTx, invoiceId: number, orderIds: number[]) =>
  tx
    .insert(invoiceOrders)
    .values(orderIds.map((orderId) => ({ orderId, invoiceId })))
    .onConflictDoNothing()
    .returning({ orderId: invoiceOrders.orderId });

/** Stores a version's lines and the version. */
export async function insertVersion(tx: DbOrTx, lines: NewInvoiceLine[], version: NewInvoiceVersion): Promise<void> {
  await tx.insert(invoiceLines).values(lines);
  await tx.insert(invoiceVersions).values(version);
}
