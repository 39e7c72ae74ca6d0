import { z } from 'zod';
import { indiaDayKey } from '../date-time.ts';
import { dayQuery } from './common.ts';

/**
 * The carrier's own scorecard (issue 37 item 3, record 0312): `GET /api/carrier/scorecard`, per
 * shipper it serves (one row per link) with the measures and definitions of the shipper's
 * carrier-scorecard report, and the emissions of its finished loads by month.
 */

/** The range a carrier looks at when it names none: the last 90 days, today included. */
export const SCORECARD_DEFAULT_DAYS = 90;
/** The longest range the carrier may ask for (a leap year). */
export const SCORECARD_MAX_DAYS = 366;
/** How every figure is made, named under them. */
export const SCORECARD_METHOD = 'Well-to-wheel CO2e, ISO 14083 / GLEC v3, stored when each trip ended';

const DAY_MS = 86_400_000;
const shift = (day: string, days: number) => new Date(Date.parse(`${day}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
const span = (from: string, to: string) => Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS) + 1;

export type ScorecardRange = { from: string; to: string };
type RangeCheck = ScorecardRange | { field: 'from' | 'to'; message: string };

/**
 * The range asked, its missing ends filled (to: today in India; from: 90 days up to `to`), or the
 * field at fault: an end before its start, or more than 366 days. The query's check and the
 * service's defaults are this one function.
 */
export function scorecardRange(asked: { from?: string; to?: string }, today: string = indiaDayKey()): RangeCheck {
  const to = asked.to ?? (asked.from && asked.from > today ? asked.from : today);
  const from = asked.from ?? shift(to, 1 - SCORECARD_DEFAULT_DAYS);
  if (from > to) {
    return { field: 'to', message: 'The end date must not be before the start date' };
  }
  if (span(from, to) > SCORECARD_MAX_DAYS) {
    return {
      field: 'from',
      message: `A range is at most ${SCORECARD_MAX_DAYS} days: start on ${shift(to, 1 - SCORECARD_MAX_DAYS)} or later`,
    };
  }
  return { from, to };
}

/** `GET /api/carrier/scorecard?from&to` (India days, YYYY-MM-DD; both optional). */
export const scorecardQuerySchema = z
  .object({ from: dayQuery, to: dayQuery })
  .strict()
  .superRefine((p, ctx) => {
    // Zod runs this after a field's own refusal too: a day that is no day is refused there alone.
    if (![p.from, p.to].every((d) => d === undefined || dayQuery.safeParse(d).success)) {
      return;
    }
    const range = scorecardRange(p);
    if ('field' in range) {
      ctx.addIssue({ code: 'custom', path: [range.field], message: range.message });
    }
  });
export type ScorecardQuery = z.infer<typeof scorecardQuerySchema>;

const count = z.number().int();
/** A percentage 0–100, one decimal; null when nothing was there to count (no offer decided, no order arrived …). */
const percent = z.number().nullable();

/** The scorecard's measures (definitions: apps/api/src/modules/reports/carrier-scorecard.ts). */
export const scorecardFiguresSchema = z.object({
  orders: count,
  offers: count,
  offersAnswered: count,
  offersAccepted: count,
  offersRejected: count,
  acceptancePercent: percent,
  ordersRejected: count,
  onTimePlacementPercent: percent,
  onTimeDeliveryPercent: percent,
  trackingPercent: percent,
  billingAccuracyPercent: percent,
  /** Stored figures of its finished loads: tonnes CO2e well-to-wheel, tonne-km, and g CO2e per tonne-km (null without tonne-km). */
  co2eTonnes: z.number(),
  tonneKm: z.number(),
  emissionsIntensity: z.number().nullable(),
});
export type ScorecardFigures = z.infer<typeof scorecardFiguresSchema>;

/** One shipper the carrier serves (one link): its name and the figures. */
export const scorecardRowSchema = scorecardFiguresSchema.extend({ carrierLinkId: z.number().int(), shipper: z.string() });
export type ScorecardRow = z.infer<typeof scorecardRowSchema>;

/** The finished loads of one month (of their pickup, India time): loads with a figure, tonne-km, t CO2e, g per tonne-km. */
export const emissionMonthSchema = z.object({
  loads: count,
  /** Finished loads kept without a figure (no weight, no distance …). */
  withoutFigure: count,
  tonneKm: z.number(),
  co2eTonnes: z.number(),
  intensity: z.number().nullable(),
});
export const emissionMonthRowSchema = emissionMonthSchema.extend({ month: z.string().regex(/^\d{4}-\d{2}$/) });
export type EmissionMonth = z.infer<typeof emissionMonthSchema>;
export type EmissionMonthRow = z.infer<typeof emissionMonthRowSchema>;

/** The carrier's scorecard answer: the range used, the rows per shipper and their totals, the months and theirs. */
export const carrierScorecardSchema = z.object({
  from: z.string(),
  to: z.string(),
  method: z.string(),
  shippers: z.array(scorecardRowSchema),
  totals: scorecardFiguresSchema,
  months: z.array(emissionMonthRowSchema),
  monthTotals: emissionMonthSchema,
});
export type CarrierScorecard = z.infer<typeof carrierScorecardSchema>;
