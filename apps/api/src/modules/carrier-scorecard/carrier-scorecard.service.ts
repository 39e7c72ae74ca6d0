import type { SQL } from 'drizzle-orm';
import type { z } from 'zod';
import {
  type CarrierScorecard,
  type EmissionMonthRow,
  emissionMonthSchema,
  SCORECARD_METHOD,
  scorecardFiguresSchema,
  type ScorecardQuery,
  type ScorecardRow,
  scorecardRange,
} from '@freightdesk/shared/schemas/carrier-scorecard';
import type { DbOrTx } from '../../db/client.ts';
import { carrierScorecardFor, type Viewer } from '../../lib/policy.ts';
import { badRequest, forbidden } from '../../lib/errors.ts';
import { shipperName } from '../../repositories/common/order-measures.ts';
import { scorecardStatements } from '../../repositories/report-carrier-scorecard.repository.ts';
import { emissionStatements } from '../../repositories/report-emissions.repository.ts';
import { type Row, reportPageRows } from '../../repositories/report-summary.repository.ts';

/** The carrier's rows: one per shipper it serves, named by the shipper. */
const byShipper = scorecardStatements({ key: 'shipper', name: shipperName });
/** More shippers than a carrier serves: the rows are read whole, never paged. */
const SHIPPER_ROWS = 1000;
/** A range of at most 366 days touches at most 13 months. */
const MONTH_ROWS = 13;

/**
 * A row's cells as the answer's numbers, field by field of its schema (the driver sends numeric as
 * text): a figure that may be null (a percentage, an intensity) stays null without a base; a count
 * or a sum is 0 when there was nothing to add up.
 */
function numbersOf<S extends z.ZodObject>(schema: S, row: Row | undefined): z.infer<S> {
  const cells = Object.entries(schema.shape).map(([key, field]) => {
    const value = row?.[key];
    const n = value === null || value === undefined ? null : Number(value);
    return [key, n === null && !(field as z.ZodType).safeParse(null).success ? 0 : n];
  });
  return schema.parse(Object.fromEntries(cells));
}

/** The scope the policy gives the viewer, or the 403. */
function scopeOf(viewer: Viewer): SQL {
  const scope = carrierScorecardFor(viewer);
  if (!scope) {
    throw forbidden('Only a carrier reads its own scorecard; shippers read the carrier scorecard report.');
  }
  return scope;
}

/**
 * The carrier's scorecard for a range (missing ends: the last 90 days): per shipper it serves,
 * with totals, and the stored emissions of its finished loads by month, newest first.
 */
export async function carrierScorecard(db: DbOrTx, viewer: Viewer, query: ScorecardQuery): Promise<CarrierScorecard> {
  const scope = scopeOf(viewer);
  const range = scorecardRange(query);
  if ('field' in range) {
    // The query's schema has refused it already; a day may have turned since.
    throw badRequest(range.field, range.message);
  }
  const shippers = await reportPageRows(db, byShipper, scope, range, 1, SHIPPER_ROWS);
  const months = await reportPageRows(db, emissionStatements, scope, { ...range, groupBy: 'month' }, 1, MONTH_ROWS);
  return {
    ...range,
    method: SCORECARD_METHOD,
    shippers: shippers.rows.map(
      (r): ScorecardRow => ({
        carrierLinkId: Number(r.carrierLinkId),
        shipper: String(r.shipper),
        ...numbersOf(scorecardFiguresSchema, r),
      }),
    ),
    totals: numbersOf(scorecardFiguresSchema, shippers.totals),
    months: months.rows.map((r): EmissionMonthRow => ({ month: String(r.label), ...numbersOf(emissionMonthSchema, r) })),
    monthTotals: numbersOf(emissionMonthSchema, months.totals),
  };
}
