import { Table, Text } from '@mantine/core';
import { ResponsiveList } from '../../components/cards/card-list.tsx';
import { RowCard } from '../../components/cards/row-card.tsx';

/** One figure of a row: its heading, its text, and a line under it in the table (what it was counted from). */
export type Measure<T> = { label: string; text: (f: T) => string; note?: (f: T) => string };

/** A row of figures: its key, its name (the row's header, the card's title) and its figures. */
export type FigureRow<T> = { key: string | number; name: string; figures: T };

type FigureViewProps<T> = {
  /** The table's and the card list's accessible name. */
  label: string;
  /** The first column's heading (what names a row). */
  first: string;
  measures: Measure<T>[];
  rows: FigureRow<T>[];
  /** The totals row (the table's foot, the last card), when there is one to show. */
  totals?: FigureRow<T>;
  /** What a card is called to a screen reader, from the row's name. */
  cardName: (name: string) => string;
  minWidth: number;
};

function Cells<T>({ measures, figures }: { measures: Measure<T>[]; figures: T }) {
  return measures.map((m) => (
    <Table.Td key={m.label} ta="right" style={{ whiteSpace: 'nowrap' }}>
      {m.text(figures)}
      {m.note && (
        <Text size="xs" c="dimmed">
          {m.note(figures)}
        </Text>
      )}
    </Table.Td>
  ));
}

function FigureTable<T>({ label, first, measures, rows, totals, minWidth }: FigureViewProps<T>) {
  return (
    <Table.ScrollContainer minWidth={minWidth}>
      <Table striped verticalSpacing="xs" aria-label={label}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{first}</Table.Th>
            {measures.map((m) => (
              <Table.Th key={m.label} ta="right">
                {m.label}
              </Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((row) => (
            <Table.Tr key={row.key}>
              <Table.Th scope="row" fw={500}>
                {row.name}
              </Table.Th>
              <Cells measures={measures} figures={row.figures} />
            </Table.Tr>
          ))}
        </Table.Tbody>
        {totals && (
          <Table.Tfoot>
            <Table.Tr fw={700}>
              <Table.Th scope="row">{totals.name}</Table.Th>
              <Cells measures={measures} figures={totals.figures} />
            </Table.Tr>
          </Table.Tfoot>
        )}
      </Table>
    </Table.ScrollContainer>
  );
}

/**
 * Rows of figures as a table at 768 px and wider and as cards below (record 0296): every figure,
 * two to a card's line, with its note in brackets; the totals as the table's foot or the last card.
 */
export function FigureView<T>(props: FigureViewProps<T>) {
  const { measures, rows, totals, label, cardName } = props;
  return (
    <ResponsiveList
      table={<FigureTable {...props} />}
      rows={totals ? [...rows, totals] : rows}
      getRowId={(r) => r.key}
      label={label}
      renderCard={(r) => (
        <RowCard
          name={cardName(r.name)}
          title={<Text fw={700}>{r.name}</Text>}
          facts={measures.map((m) => ({
            label: m.label,
            value: m.note ? `${m.text(r.figures)} (${m.note(r.figures)})` : m.text(r.figures),
          }))}
        />
      )}
    />
  );
}
