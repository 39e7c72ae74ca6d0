import { ordersFor } from '../../lib/policy.ts';
import { carrierScorecardStatements } from '../../repositories/report-carrier-scorecard.repository.ts';
import type { SummaryReport } from './summary.ts';

/**
 * Carrier scorecard: per carrier, its orders with pickups in the range and the indent offers made
 * to it in the range. Acceptance: offers accepted of those the carrier decided (accepted, rejected
 * or let lapse; a turn still open or passed on by the shipper is not counted). On-time placement:
 * the vehicle reported (else came in at the gate) within 2 h of the pickup time, of orders
 * reported. On-time delivery: arrived without a delay flagged by tracking, of orders arrived.
 * Tracking compliance: of orders out of the gate, those whose tracking started and sent a
 * position. Billing accuracy: invoice lines (every version) approved as billed, of lines decided.
 * Emissions intensity: the stored figures of its finished loads, g CO2e WTW per tonne-km.
 */
export const carrierScorecardReport: SummaryReport = {
  name: 'carrier-scorecard',
  description:
    'Per carrier: orders, indent acceptance, rejections, on-time placement and delivery, tracking, billing accuracy and emissions intensity.',
  dateLabel: 'Pickup Date',
  columns: () => [
    { key: 'carrier', label: 'Carrier', kind: 'text' },
    { key: 'orders', label: 'Orders', kind: 'count' },
    { key: 'offers', label: 'Indent offers', kind: 'count' },
    { key: 'offersAnswered', label: 'Offers answered', kind: 'count' },
    { key: 'offersAccepted', label: 'Offers accepted', kind: 'count' },
    { key: 'offersRejected', label: 'Offers rejected', kind: 'count' },
    { key: 'acceptancePercent', label: 'Acceptance %', kind: 'percent' },
    { key: 'ordersRejected', label: 'Orders rejected', kind: 'count' },
    { key: 'onTimePlacementPercent', label: 'On-time placement %', kind: 'percent' },
    { key: 'onTimeDeliveryPercent', label: 'On-time delivery %', kind: 'percent' },
    { key: 'trackingPercent', label: 'Tracking compliance %', kind: 'percent' },
    { key: 'billingAccuracyPercent', label: 'Billing accuracy %', kind: 'percent' },
    // Issue 37: the WTW CO2e of its finished loads per tonne-km they carried (stored figures, ISO 14083 / GLEC).
    { key: 'emissionsIntensity', label: 'g CO2e per tonne-km', kind: 'tonnes' },
  ],
  scope: (viewer, p) => ordersFor(viewer, 'export', p.direction),
  refused: 'You need the order list permission for this report.',
  // Each row keeps its counts (hidden, as `count:<name>`): the totals add them up in the same run.
  ...carrierScorecardStatements,
};
