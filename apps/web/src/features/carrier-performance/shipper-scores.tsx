import { Table, Text } from '@mantine/core';
import type { ScorecardFigures, ScorecardRow } from '@freightdesk/shared/schemas/carrier-scorecard';
import { RowCard } from '../../components/cards/row-card.tsx';
import { CardList } from '../../components/cards/card-list.tsx';
import { useNarrow } from '../../components/layout/use-narrow.ts';
import { co2eText, countText, intensityText, offersText, percentText, tonneKmText } from './performance-format.ts';

/** The measures, each a heading and its text (the shipper's report defines them: docs/emissions.md, record 0312). */
const MEASURES: { label: string; text: (f: ScorecardFigures) => string }[] = [
  { label: 'Orders', text: (f) => countText(f.orders) },
  { label: 'Acceptance', text: (f) => percentText(f.acceptancePercent) },
  { label: 'Orders rejected', text: (f) => countText(f.ordersRejected) },
  { label: 'On-time placement', text: (f) => percentText(f.onTimePlacementPercent) },
  { label: 'On-time delivery', text: (f) => percentText(f.onTimeDeliveryPercent) },
  { label: 'Tracking', text: (f) => percentText(f.trackingPercent) },
  { label: 'Billing accuracy', text: (f) => percentText(f.billingAccuracyPercent) },
  { label: 't CO2e (WTW)', text: (f) => co2eText(f.co2eTonnes) },
  { label: 'Tonne-km', text: (f) => tonneKmText(f.tonneKm) },
  { label: 'g CO2e per tonne-km', text: (f) => intensityText(f.emissionsIntensity) },
];

function Cells({ figures }: { figures: ScorecardFigures }) {
  return (
    <>
      {MEASURES.map((m) => (
        <Table.Td key={m.label} ta="right" style={{ whiteSpace: 'nowrap' }}>
          {m.text(figures)}
          {m.label === 'Acceptance' && (
            <Text size="xs" c="dimmed">
              {offersText(figures)}
            </Text>
          )}
        </Table.Td>
      ))}
    </>
  );
}

function ScoresTable({ rows, totals }: { rows: ScorecardRow[]; totals: ScorecardFigures }) {
  return (
    <Table.ScrollContainer minWidth={960}>
      <Table striped verticalSpacing="xs" aria-label="Scorecard by shipper">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Shipper</Table.Th>
            {MEASURES.map((m) => (
              <Table.Th key={m.label} ta="right">
                {m.label}
              </Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((row) => (
            <Table.Tr key={row.carrierLinkId}>
              <Table.Th scope="row" fw={500}>
                {row.shipper}
              </Table.Th>
              <Cells figures={row} />
            </Table.Tr>
          ))}
        </Table.Tbody>
        {rows.length > 1 && (
          <Table.Tfoot>
            <Table.Tr fw={700}>
              <Table.Th scope="row">Total</Table.Th>
              <Cells figures={totals} />
            </Table.Tr>
          </Table.Tfoot>
        )}
      </Table>
    </Table.ScrollContainer>
  );
}

/** One shipper's scores as a card below 768 px: every measure, two to a line. */
function ShipperCard({ name, figures }: { name: string; figures: ScorecardFigures }) {
  return (
    <RowCard
      name={`Scorecard with ${name}`}
      title={<Text fw={700}>{name}</Text>}
      facts={MEASURES.map((m) => ({
        label: m.label,
        value: m.label === 'Acceptance' ? `${m.text(figures)} (${offersText(figures)})` : m.text(figures),
      }))}
    />
  );
}

/** The carrier's scores per shipper it serves: a table at 768 px and wider, cards below; totals when there are several. */
export function ShipperScores({ rows, totals }: { rows: ScorecardRow[]; totals: ScorecardFigures }) {
  const narrow = useNarrow();
  if (!narrow) {
    return <ScoresTable rows={rows} totals={totals} />;
  }
  const cards = rows.length > 1 ? [...rows, { ...totals, carrierLinkId: 0, shipper: 'All shippers' }] : rows;
  return (
    <CardList
      rows={cards}
      getRowId={(r) => r.carrierLinkId}
      label="Scorecard by shipper"
      renderCard={(r) => <ShipperCard name={r.shipper} figures={r} />}
    />
  );
}
