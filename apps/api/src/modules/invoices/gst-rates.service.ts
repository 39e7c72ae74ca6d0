import type { Db, DbOrTx } from '../../db/client.ts';
import type { GstRate, GstScheme } from '@freightdesk/shared/schemas/invoice';
import { AppError, badRequest } from '../../lib/errors.ts';
import {
  allGstRates,
  anyGstRate,
  type GstRateRow,
  gstRateRowOn,
  insertGstRate,
  insertGstRates,
} from '../../repositories/gst-rates.repository.ts';

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
  if (!(await anyGstRate(db))) {
    await insertGstRates(db, NOTIFIED_GTA_RATES);
  }
}

const toRate = (r: GstRateRow): GstRate => ({
  id: r.id,
  scheme: r.scheme,
  ratePct: r.ratePct,
  effectiveFrom: r.effectiveFrom,
  notes: r.notes,
});

/** Every rate, by scheme then date (a handful of rows). */
export async function listGstRates(db: DbOrTx): Promise<GstRate[]> {
  return (await allGstRates(db)).map(toRate);
}

/** The rate of a scheme in force on a day (YYYY-MM-DD); 400 on `field` when none was notified by then. */
export async function gstRateOn(db: DbOrTx, scheme: GstScheme, day: string, field = 'gstScheme'): Promise<GstRate> {
  const row = await gstRateRowOn(db, scheme, day);
  if (!row) {
    throw badRequest(field, `No GST rate of this kind was notified by ${day}.`);
  }
  return toRate(row);
}

/** The admin records a newly notified rate (409 when the scheme already has one from that day). */
export async function addGstRate(db: Db, actorId: number, input: Omit<GstRate, 'id'>): Promise<GstRate> {
  const row = await insertGstRate(db, { ...input, createdBy: actorId });
  if (!row) {
    throw new AppError(409, 'CONFLICT', `A ${input.scheme} rate from ${input.effectiveFrom} is already recorded.`, {
      effectiveFrom: 'This kind of rate already has a rate from this day.',
    });
  }
  return toRate(row);
}
