import { and, asc, desc, eq, lte } from 'drizzle-orm';
import type { DbOrTx } from '../db/client.ts';
import { gstRates } from '../db/schema/money.ts';

/** The notified GST rates (modules/invoices/gst-rates.service.ts): platform data, the same for every shipper. */

export type GstRateRow = typeof gstRates.$inferSelect;
export type NewGstRate = typeof gstRates.$inferInsert;

/** Is any rate recorded? */
export async function anyGstRate(db: DbOrTx): Promise<boolean> {
  const [any] = await db.select({ id: gstRates.id }).from(gstRates).limit(1);
  return any !== undefined;
}

/** Stores rates, leaving alone those a scheme already has from that day. */
export async function insertGstRates(db: DbOrTx, rows: NewGstRate[]): Promise<void> {
  await db.insert(gstRates).values(rows).onConflictDoNothing();
}

/** Every rate, by scheme then date. */
export const allGstRates = (db: DbOrTx) => db.select().from(gstRates).orderBy(asc(gstRates.scheme), asc(gstRates.effectiveFrom));

/** The latest rate of a scheme notified by a day (YYYY-MM-DD). */
export const gstRateOnQuery = (db: DbOrTx, scheme: GstRateRow['scheme'], day: string) =>
  db
    .select()
    .from(gstRates)
    .where(and(eq(gstRates.scheme, scheme), lte(gstRates.effectiveFrom, day)))
    .orderBy(desc(gstRates.effectiveFrom))
    .limit(1);

/** The rate of a scheme in force on a day (YYYY-MM-DD), if one was notified by then. */
export async function gstRateRowOn(db: DbOrTx, scheme: GstRateRow['scheme'], day: string): Promise<GstRateRow | undefined> {
  const [row] = await gstRateOnQuery(db, scheme, day);
  return row;
}

/** Stores a rate; undefined when the scheme already has one from that day. */
export async function insertGstRate(db: DbOrTx, row: NewGstRate): Promise<GstRateRow | undefined> {
  const [stored] = await db.insert(gstRates).values(row).onConflictDoNothing().returning();
  return stored;
}
