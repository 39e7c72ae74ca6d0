import { and, asc, desc, eq, lte } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client.ts';
import type { GstRate, GstScheme } from '@freightdesk/shared/schemas/invoice';
import { gstRates } from '../../db/schema/money.ts';
import { AppError, badRequest } from '../../lib/errors.ts';

export type { GstRate, GstScheme };

/**
 * The notified GTA rates a new database starts with (the admin adds later ones): Notification
 * 11/2017-Central Tax (Rate) from 1 July 2017, and the rates the 56th GST Council meeting set from
 * 22 September 2025 (5% without input credit, 18% with it).
 */
export const NOTIFIED_GTA_RATES: Omit<GstRate, 'id'>[] = [
  { scheme: 'rcm', ratePct: 5, effectiveFrom: '2017-07-01', notes: 'Reverse charge, no input credit (Notification 11/2017-CT(R))' },
  { scheme: 'fcm', ratePct: 5, effectiveFrom: '2017-07-01', notes: 'Forward charge, no input credit (Notification 11/2017-CT(R))' },
  { scheme: 'fcm_itc', ratePct: 12, effectiveFrom: '2017-07-01', notes: 'Forward charge with input credit (Notification 11/2017-CT(R))' },
  {
    scheme: 'fcm_itc',
    ratePct: 18,
    effectiveFrom: '2025-09-22',
    notes: 'Forward charge with input credit (56th GST Council, from 22 Sep 2025)',
  },
];

/** Puts the notified rates into a new database (nothing when it has any rate already). */
export async function ensureGstRates(db: DbOrTx): Promise<void> {
  const [any] = await db.select({ id: gstRates.id }).from(gstRates).limit(1);
  if (!any) {
    await db.insert(gstRates).values(NOTIFIED_GTA_RATES).onConflictDoNothing();
  }
}

const toRate = (r: typeof gstRates.$inferSelect): GstRate => ({
  id: r.id,
  scheme: r.scheme,
  ratePct: r.ratePct,
  effectiveFrom: r.effectiveFrom,
  notes: r.notes,
});

/** Every rate, by scheme then date (a handful of rows). */
export async function listGstRates(db: DbOrTx): Promise<GstRate[]> {
  return (await db.select().from(gstRates).orderBy(asc(gstRates.scheme), asc(gstRates.effectiveFrom))).map(toRate);
}

/** The rate of a scheme in force on a day (YYYY-MM-DD); 400 on `field` when none was notified by then. */
export async function gstRateOn(db: DbOrTx, scheme: GstScheme, day: string, field = 'gstScheme'): Promise<GstRate> {
  const [row] = await db
    .select()
    .from(gstRates)
    .where(and(eq(gstRates.scheme, scheme), lte(gstRates.effectiveFrom, day)))
    .orderBy(desc(gstRates.effectiveFrom))
    .limit(1);
  if (!row) {
    throw badRequest(field, `No GST rate of this kind was notified by ${day}.`);
  }
  return toRate(row);
}

/** The admin records a newly notified rate (409 when the scheme already has one from that day). */
export async function addGstRate(db: Db, actorId: number, input: Omit<GstRate, 'id'>): Promise<GstRate> {
  const [row] = await db
    .insert(gstRates)
    .values({ ...input, createdBy: actorId })
    .onConflictDoNothing()
    .returning();
  if (!row) {
    throw new AppError(409, 'CONFLICT', `A ${input.scheme} rate from ${input.effectiveFrom} is already recorded.`, {
      effectiveFrom: 'This kind of rate already has a rate from this day.',
    });
  }
  return toRate(row);
}
