import type { SQL } from 'drizzle-orm';
import {
  type CarrierScorecard,
  type EmissionMonthRow,
  SCORECARD_METHOD,
  type ScorecardFigures,
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

/** A cell as a number (the driver sends numeric as text); null stays null. */
const num = (value: Row[string] | undefined): number | null => (value === null || value === undefined ? null : Number(value));
/** A count or a sum: 0 when there was nothing to add up. */
const sum = (value: Row[string] | undefined): number => num(value) ?? 0;

function figuresOf(row: Row | undefined): ScorecardFigures {
  const r = row ?? {};
  return {
    orders: sum(r.orders),
    offers: sum(r.offers),
    offersAnswered: sum(r.offersAnswered),
    offersAccepted: sum(r.offersAccepted),
    offersRejected: sum(r.offersRejected),
    acceptancePercent: num(r.acceptancePercent),
    ordersRejected: sum(r.ordersRejected),
    onTimePlacementPercent: num(r.onTimePlacementPercent),
    onTimeDeliveryPercent: num(r.onTimeDeliveryPercent),
    trackingPercent: num(r.trackingPercent),
    billingAccuracyPercent: num(r.billingAccuracyPercent),
    co2eTonnes: sum(r.co2eTonnes),
    tonneKm: sum(r.tonneKm),
    emissionsIntensity: num(r.emissionsIntensity),
  };
}

function monthOf(row: Row | undefined) {
  const r = row ?? {};
  return {
    loads: sum(r.loads),
    withoutFigure: sum(r.withoutFigure),
    tonneKm: sum(r.tonneKm),
    co2eTonnes: sum(r.co2eTonnes),
    intensity: num(r.intensity),
  };
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
      (r): ScorecardRow => ({ carrierLinkId: sum(r.carrierLinkId), shipper: String(r.shipper), ...figuresOf(r) }),
    ),
    totals: figuresOf(shippers.totals),
    months: months.rows.map((r): EmissionMonthRow => ({ month: String(r.label), ...monthOf(r) })),
    monthTotals: monthOf(months.totals),
  };
}
