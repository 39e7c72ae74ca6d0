import { and, count, desc, eq } from 'drizzle-orm';
import type { DbOrTx } from '../db/client.ts';
import { payments } from '../db/schema/platform.ts';
import { industries, plans } from '../db/schema/tenancy.ts';

/**
 * Plan payments (issue 32): a shipper's own (its industry named in each statement), or all of them
 * for the platform admin (no industry given).
 */

const paymentColumns = {
  id: payments.id,
  industryId: payments.industryId,
  industryName: industries.name,
  purpose: payments.purpose,
  planName: plans.name,
  amountPaise: payments.amountPaise,
  taxablePaise: payments.taxablePaise,
  cgstPaise: payments.cgstPaise,
  sgstPaise: payments.sgstPaise,
  igstPaise: payments.igstPaise,
  provider: payments.provider,
  providerRef: payments.providerRef,
  status: payments.status,
  createdAt: payments.createdAt,
  confirmedAt: payments.confirmedAt,
};

/** Payments, newest first (at most 200): one shipper's, or all of them (platform admin). */
export const paymentsQuery = (db: DbOrTx, industryId?: number, status?: string) =>
  db
    .select(paymentColumns)
    .from(payments)
    .innerJoin(industries, eq(industries.id, payments.industryId))
    .leftJoin(plans, eq(plans.id, payments.planId))
    .where(and(industryId ? eq(payments.industryId, industryId) : undefined, status ? eq(payments.status, status as never) : undefined))
    .orderBy(desc(payments.id))
    .limit(200);

/** The shipper's payments awaiting confirmation. */
export async function openPaymentCount(db: DbOrTx, industryId: number): Promise<number> {
  const [open] = await db
    .select({ n: count() })
    .from(payments)
    .where(and(eq(payments.industryId, industryId), eq(payments.status, 'awaiting_confirmation')));
  return open?.n ?? 0;
}

export type PaymentInsert = typeof payments.$inferInsert;
export type PaymentRecord = typeof payments.$inferSelect;

export async function insertPayment(tx: DbOrTx, row: PaymentInsert): Promise<number> {
  const [made] = await tx.insert(payments).values(row).returning({ id: payments.id });
  return made?.id ?? 0;
}

export async function setPaymentProviderRef(tx: DbOrTx, id: number, providerRef: string | null): Promise<void> {
  await tx.update(payments).set({ providerRef }).where(eq(payments.id, id));
}

/** The payment, locked for its confirmation or cancellation (a shipper's own when `industryId` is given). */
export async function lockedPayment(db: DbOrTx, id: number, industryId?: number): Promise<PaymentRecord | undefined> {
  const [p] = await db
    .select()
    .from(payments)
    .where(and(eq(payments.id, id), industryId ? eq(payments.industryId, industryId) : undefined))
    .for('update');
  return p;
}

export async function markPaymentPaid(
  tx: DbOrTx,
  id: number,
  paid: { providerRef: string; confirmedBy: number; confirmedAt: Date; subscriptionId: number | undefined },
): Promise<void> {
  await tx
    .update(payments)
    .set({ status: 'paid', ...paid, updatedAt: paid.confirmedAt })
    .where(eq(payments.id, id));
}

export async function markPaymentCancelled(db: DbOrTx, id: number): Promise<void> {
  await db.update(payments).set({ status: 'cancelled', updatedAt: new Date() }).where(eq(payments.id, id));
}
