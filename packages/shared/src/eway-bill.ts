import { z } from 'zod';
import { formatMoment } from './date-time.ts';

/**
 * E-way bill rules of the CGST Rules, rule 138(10), and the e-way bill system (NIC):
 * - validity: one day for up to 200 km and one more for every 200 km or part of it (20 km for
 *   over-dimensional cargo); a "day" ends at midnight of the day after generation, so a bill
 *   generated on the 1st for 150 km is valid until 23:59:59 IST on the 2nd;
 * - extension: only from 8 hours before to 8 hours after the validity ends, for the distance left;
 * - cancellation: only within 24 hours of generation.
 */
export const EWAY_KM_PER_DAY = 200;
export const EWAY_ODC_KM_PER_DAY = 20;
export const EWAY_EXTEND_WINDOW_HOURS = 8;
export const EWAY_CANCEL_HOURS = 24;
/** Alerts before an e-way bill of an active order expires. */
export const EWAY_EXPIRY_WARNING_HOURS = 8;
/** The longest road move in India is about 4,000 km; no e-way bill covers more. */
export const EWAY_MAX_DISTANCE_KM = 4000;

/**
 * NIC's state master (the GST state codes), which the e-way bill system takes as `fromState`: the
 * states and union territories of today, keyed by the geography's state code (MH, GJ …). The
 * retired codes (25 Daman and Diu, 28 the old Andhra Pradesh) and 97/99 (other territory,
 * abroad) are not places a vehicle on an Indian road is.
 */
export const EWAY_STATES: readonly { nic: number; code: string; name: string }[] = [
  { nic: 1, code: 'JK', name: 'Jammu and Kashmir' },
  { nic: 2, code: 'HP', name: 'Himachal Pradesh' },
  { nic: 3, code: 'PB', name: 'Punjab' },
  { nic: 4, code: 'CH', name: 'Chandigarh' },
  { nic: 5, code: 'UK', name: 'Uttarakhand' },
  { nic: 6, code: 'HR', name: 'Haryana' },
  { nic: 7, code: 'DL', name: 'Delhi' },
  { nic: 8, code: 'RJ', name: 'Rajasthan' },
  { nic: 9, code: 'UP', name: 'Uttar Pradesh' },
  { nic: 10, code: 'BR', name: 'Bihar' },
  { nic: 11, code: 'SK', name: 'Sikkim' },
  { nic: 12, code: 'AR', name: 'Arunachal Pradesh' },
  { nic: 13, code: 'NL', name: 'Nagaland' },
  { nic: 14, code: 'MN', name: 'Manipur' },
  { nic: 15, code: 'MZ', name: 'Mizoram' },
  { nic: 16, code: 'TR', name: 'Tripura' },
  { nic: 17, code: 'ML', name: 'Meghalaya' },
  { nic: 18, code: 'AS', name: 'Assam' },
  { nic: 19, code: 'WB', name: 'West Bengal' },
  { nic: 20, code: 'JH', name: 'Jharkhand' },
  { nic: 21, code: 'OD', name: 'Odisha' },
  { nic: 22, code: 'CG', name: 'Chhattisgarh' },
  { nic: 23, code: 'MP', name: 'Madhya Pradesh' },
  { nic: 24, code: 'GJ', name: 'Gujarat' },
  { nic: 26, code: 'DH', name: 'Dadra and Nagar Haveli and Daman and Diu' },
  { nic: 27, code: 'MH', name: 'Maharashtra' },
  { nic: 29, code: 'KA', name: 'Karnataka' },
  { nic: 30, code: 'GA', name: 'Goa' },
  { nic: 31, code: 'LD', name: 'Lakshadweep' },
  { nic: 32, code: 'KL', name: 'Kerala' },
  { nic: 33, code: 'TN', name: 'Tamil Nadu' },
  { nic: 34, code: 'PY', name: 'Puducherry' },
  { nic: 35, code: 'AN', name: 'Andaman and Nicobar Islands' },
  { nic: 36, code: 'TS', name: 'Telangana' },
  { nic: 37, code: 'AP', name: 'Andhra Pradesh' },
  { nic: 38, code: 'LA', name: 'Ladakh' },
];

const IST_OFFSET_MS = 5.5 * 3_600_000;
const HOUR = 3_600_000;

/** The 12-digit e-way bill number. */
export const ewayBillNumberSchema = z
  .string({ error: 'E-way bill number is required' })
  .trim()
  .regex(/^\d{12}$/, 'An e-way bill number is 12 digits');

/** Days of validity for a distance. */
export function ewayValidityDays(distanceKm: number, overDimensional = false): number {
  const per = overDimensional ? EWAY_ODC_KM_PER_DAY : EWAY_KM_PER_DAY;
  return Math.max(1, Math.ceil(distanceKm / per));
}

/** When a bill generated at `from` for `distanceKm` stops being valid: 23:59:59.999 IST of its last day. */
export function ewayValidUntil(from: Date, distanceKm: number, overDimensional = false): Date {
  const ist = new Date(from.getTime() + IST_OFFSET_MS);
  const dayStartIst = Date.UTC(ist.getUTCFullYear(), ist.getUTCMonth(), ist.getUTCDate());
  const lastDayEndIst = dayStartIst + (ewayValidityDays(distanceKm, overDimensional) + 1) * 24 * HOUR - 1;
  return new Date(lastDayEndIst - IST_OFFSET_MS);
}

/** Why an extension is not possible now (undefined when it is). */
export function ewayExtensionRefusal(validUntil: Date, now: Date): string | undefined {
  const opens = validUntil.getTime() - EWAY_EXTEND_WINDOW_HOURS * HOUR;
  const closes = validUntil.getTime() + EWAY_EXTEND_WINDOW_HOURS * HOUR;
  if (now.getTime() < opens) {
    return `An e-way bill can be extended only from ${EWAY_EXTEND_WINDOW_HOURS} hours before it expires; this one opens for extension at ${formatIst(new Date(opens))}.`;
  }
  if (now.getTime() > closes) {
    return `An e-way bill can be extended only until ${EWAY_EXTEND_WINDOW_HOURS} hours after it expired (${formatIst(new Date(closes))}); generate a new one.`;
  }
  return undefined;
}

/** Why a cancellation is not possible now (undefined when it is). */
export function ewayCancelRefusal(generatedAt: Date, now: Date): string | undefined {
  const until = generatedAt.getTime() + EWAY_CANCEL_HOURS * HOUR;
  return now.getTime() > until
    ? `An e-way bill can be cancelled only within ${EWAY_CANCEL_HOURS} hours of generation (until ${formatIst(new Date(until))}).`
    : undefined;
}

export type EwayBillState = 'valid' | 'expiring' | 'expired' | 'cancelled';

/** Where a bill stands at `now`: expiring within the warning window, or past its validity. */
export function ewayBillState(bill: { status: string; validUntil: Date }, now: Date): EwayBillState {
  if (bill.status === 'cancelled') {
    return 'cancelled';
  }
  const left = bill.validUntil.getTime() - now.getTime();
  if (left < 0) {
    return 'expired';
  }
  return left <= EWAY_EXPIRY_WARNING_HOURS * HOUR ? 'expiring' : 'valid';
}

/** `23 Nov 2026, 11:59 pm IST`: the one moment format (date-time.ts). */
export const formatIst = (d: Date): string => formatMoment(d);
