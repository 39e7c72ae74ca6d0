import { Text } from '@mantine/core';
import type { EmissionMonth, EmissionMonthRow } from '@freightdesk/shared/schemas/carrier-scorecard';
import { FigureView, type Measure } from './figure-views.tsx';
import { co2eText, countText, intensityText, monthText, tonneKmText } from './performance-format.ts';

const FIGURES: Measure<EmissionMonth>[] = [
  { label: 'Loads', text: (m) => countText(m.loads) },
  { label: 'Tonne-km', text: (m) => tonneKmText(m.tonneKm) },
  { label: 't CO2e (WTW)', text: (m) => co2eText(m.co2eTonnes) },
  { label: 'g CO2e per tonne-km', text: (m) => intensityText(m.intensity) },
];

/** The stored emissions of the carrier's finished loads per month, their totals, and the loads left without a figure. */
export function EmissionMonths({ months, totals }: { months: EmissionMonthRow[]; totals: EmissionMonth }) {
  const unfigured = totals.withoutFigure;
  return (
    <>
      <FigureView
        label="Emissions by month"
        first="Month"
        measures={FIGURES}
        rows={months.map((m) => ({ key: m.month, name: monthText(m.month), figures: m }))}
        totals={{ key: 'total', name: 'Whole range', figures: totals }}
        cardName={(name) => `Emissions of ${name}`}
        minWidth={560}
      />
      {unfigured > 0 && (
        <Text size="sm" c="dimmed" mt="xs">
          {countText(unfigured)} finished {unfigured === 1 ? 'load has' : 'loads have'} no figure (no weight or no distance) and
          {unfigured === 1 ? ' is' : ' are'} not counted.
        </Text>
      )}
    </>
  );
}
