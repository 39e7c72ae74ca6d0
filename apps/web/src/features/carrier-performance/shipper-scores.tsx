import type { ScorecardFigures, ScorecardRow } from '@freightdesk/shared/schemas/carrier-scorecard';
import { FigureView, type Measure } from './figure-views.tsx';
import { co2eText, countText, intensityText, offersText, percentText, tonneKmText } from './performance-format.ts';

/** The measures (the shipper's report defines them: docs/emissions.md, record 0312). */
const MEASURES: Measure<ScorecardFigures>[] = [
  { label: 'Orders', text: (f) => countText(f.orders) },
  { label: 'Acceptance', text: (f) => percentText(f.acceptancePercent), note: offersText },
  { label: 'Orders rejected', text: (f) => countText(f.ordersRejected) },
  { label: 'On-time placement', text: (f) => percentText(f.onTimePlacementPercent) },
  { label: 'On-time delivery', text: (f) => percentText(f.onTimeDeliveryPercent) },
  { label: 'Tracking', text: (f) => percentText(f.trackingPercent) },
  { label: 'Billing accuracy', text: (f) => percentText(f.billingAccuracyPercent) },
  { label: 't CO2e (WTW)', text: (f) => co2eText(f.co2eTonnes) },
  { label: 'Tonne-km', text: (f) => tonneKmText(f.tonneKm) },
  { label: 'g CO2e per tonne-km', text: (f) => intensityText(f.emissionsIntensity) },
];

/** The carrier's scores per shipper it serves; the totals when there are several shippers. */
export function ShipperScores({ rows, totals }: { rows: ScorecardRow[]; totals: ScorecardFigures }) {
  return (
    <FigureView
      label="Scorecard by shipper"
      first="Shipper"
      measures={MEASURES}
      rows={rows.map((r) => ({ key: r.carrierLinkId, name: r.shipper, figures: r }))}
      totals={rows.length > 1 ? { key: 'total', name: 'All shippers', figures: totals } : undefined}
      cardName={(name) => `Scorecard with ${name}`}
      minWidth={960}
    />
  );
}
