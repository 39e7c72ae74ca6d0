import { Table, Text } from '@mantine/core';
import type { EmissionMonth, EmissionMonthRow } from '@freightdesk/shared/schemas/carrier-scorecard';
import { CardList } from '../../components/cards/card-list.tsx';
import { RowCard } from '../../components/cards/row-card.tsx';
import { useNarrow } from '../../components/layout/use-narrow.ts';
import { co2eText, countText, intensityText, monthText, tonneKmText } from './performance-format.ts';

const FIGURES: { label: string; text: (m: EmissionMonth) => string }[] = [
  { label: 'Loads', text: (m) => countText(m.loads) },
  { label: 'Tonne-km', text: (m) => tonneKmText(m.tonneKm) },
  { label: 't CO2e (WTW)', text: (m) => co2eText(m.co2eTonnes) },
  { label: 'g CO2e per tonne-km', text: (m) => intensityText(m.intensity) },
];

function MonthsTable({ months, totals }: { months: EmissionMonthRow[]; totals: EmissionMonth }) {
  const cells = (m: EmissionMonth) =>
    FIGURES.map((f) => (
      <Table.Td key={f.label} ta="right" style={{ whiteSpace: 'nowrap' }}>
        {f.text(m)}
      </Table.Td>
    ));
  return (
    <Table.ScrollContainer minWidth={560}>
      <Table striped verticalSpacing="xs" aria-label="Emissions by month">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Month</Table.Th>
            {FIGURES.map((f) => (
              <Table.Th key={f.label} ta="right">
                {f.label}
              </Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {months.map((m) => (
            <Table.Tr key={m.month}>
              <Table.Th scope="row" fw={500}>
                {monthText(m.month)}
              </Table.Th>
              {cells(m)}
            </Table.Tr>
          ))}
        </Table.Tbody>
        <Table.Tfoot>
          <Table.Tr fw={700}>
            <Table.Th scope="row">Total</Table.Th>
            {cells(totals)}
          </Table.Tr>
        </Table.Tfoot>
      </Table>
    </Table.ScrollContainer>
  );
}

/** The stored emissions of the carrier's finished loads per month: a table at 768 px and wider, cards below. */
export function EmissionMonths({ months, totals }: { months: EmissionMonthRow[]; totals: EmissionMonth }) {
  const narrow = useNarrow();
  const unfigured = totals.withoutFigure;
  return (
    <>
      {narrow ? (
        <CardList
          rows={[...months, { ...totals, month: 'total' }]}
          getRowId={(m) => m.month}
          label="Emissions by month"
          renderCard={(m) => {
            const name = m.month === 'total' ? 'Whole range' : monthText(m.month);
            return (
              <RowCard
                name={`Emissions of ${name}`}
                title={<Text fw={700}>{name}</Text>}
                facts={FIGURES.map((f) => ({ label: f.label, value: f.text(m) }))}
              />
            );
          }}
        />
      ) : (
        <MonthsTable months={months} totals={totals} />
      )}
      {unfigured > 0 && (
        <Text size="sm" c="dimmed" mt="xs">
          {countText(unfigured)} finished {unfigured === 1 ? 'load has' : 'loads have'} no figure (no weight or no distance) and
          {unfigured === 1 ? ' is' : ' are'} not counted.
        </Text>
      )}
    </>
  );
}
