import { Anchor, Center, Table, Text } from '@mantine/core';
import type { PaymentSummary, PaymentSummaryRow } from '@freightdesk/shared/schemas/invoice-views';
import { formatDateTime } from '../../lib/format.ts';
import { listState } from '../../components/feedback/query-state.tsx';
import type { QueryLike } from '../../components/feedback/query-view.ts';
import { inr } from './invoice-format.ts';

type Figures = PaymentSummary['totals'];

const MONEY: { label: string; of: (f: Figures) => number }[] = [
  { label: 'Billed', of: (f) => f.billedPaise },
  { label: 'Approved', of: (f) => f.approvedPaise },
  { label: 'Disputed', of: (f) => f.disputedPaise },
  { label: 'Paid', of: (f) => f.paidPaise },
  { label: 'Due', of: (f) => f.duePaise },
  { label: 'Overdue', of: (f) => f.overduePaise },
];
const AGEING: { label: string; of: (f: Figures) => number }[] = [
  { label: '0–30 days', of: (f) => f.ageing.d0_30 },
  { label: '31–60 days', of: (f) => f.ageing.d31_60 },
  { label: '61–90 days', of: (f) => f.ageing.d61_90 },
  { label: 'over 90 days', of: (f) => f.ageing.d90plus },
];

/**
 * The due by age in one compact cell (issue 38: four columns of their own pushed the last out of
 * sight at 1366 px and squeezed its header to "D 9"): the ages that hold something, one a line.
 */
function AgeingCell({ figures }: { figures: Figures }) {
  const held = AGEING.filter((a) => a.of(figures) > 0);
  return (
    <Table.Td style={{ whiteSpace: 'nowrap' }}>
      {held.length
        ? held.map((a) => (
            <Text key={a.label} size="sm" c={a.label === 'over 90 days' ? 'red' : undefined}>
              {a.label} {inr(a.of(figures))}
            </Text>
          ))
        : '—'}
    </Table.Td>
  );
}

function Cells({ figures }: { figures: Figures }) {
  return (
    <>
      <Table.Td ta="right">{figures.invoices}</Table.Td>
      {MONEY.map((m) => (
        <Table.Td
          key={m.label}
          ta="right"
          style={{ whiteSpace: 'nowrap' }}
          c={m.label === 'Overdue' && m.of(figures) > 0 ? 'red' : undefined}
        >
          {inr(m.of(figures))}
        </Table.Td>
      ))}
      <AgeingCell figures={figures} />
    </>
  );
}

/** The table's head: the counterpart, the figures, the due by age. */
function Head({ counterpart }: { counterpart: string }) {
  return (
    <Table.Thead>
      <Table.Tr>
        <Table.Th>{counterpart}</Table.Th>
        <Table.Th ta="right">Invoices</Table.Th>
        {MONEY.map((m) => (
          <Table.Th key={m.label} ta="right">
            {m.label}
          </Table.Th>
        ))}
        <Table.Th>Due by age</Table.Th>
      </Table.Tr>
    </Table.Thead>
  );
}

type Pick = { keyOf: (row: PaymentSummaryRow) => number; selected?: number | null; onSelect?: (row: PaymentSummaryRow) => void };

/** One counterpart's row; with `onSelect` its name is a button that picks it. */
function SummaryRow({ row, keyOf, selected, onSelect }: Pick & { row: PaymentSummaryRow }) {
  const picked = selected === keyOf(row);
  return (
    <Table.Tr bg={picked ? 'blue.0' : undefined} aria-selected={onSelect ? picked : undefined}>
      <Table.Td>
        {onSelect ? (
          <Anchor component="button" type="button" onClick={() => onSelect(row)} aria-pressed={picked} fw={picked ? 700 : undefined}>
            {row.name}
          </Anchor>
        ) : (
          row.name
        )}
      </Table.Td>
      <Cells figures={row} />
    </Table.Tr>
  );
}

/** Below the table: how many rows are listed, and as of when. */
function SummaryNote({ summary, listed }: { summary: PaymentSummary; listed: number }) {
  return (
    <Text size="xs" c="dimmed" mt={4}>
      {summary.more ? `The ${listed} with the most due are listed; the totals count all. ` : ''}As of {formatDateTime(summary.asOf)}.
    </Text>
  );
}

/**
 * The payment summary per counterpart (carriers for the shipper, shippers for a carrier): billed,
 * approved, disputed, paid, due, overdue and the due aged by days since the invoice date, with a
 * totals row. With `onSelect` each name is a button that picks the row (the list below follows it).
 */
export function PaymentSummaryTable({
  query,
  counterpart,
  ...pick
}: Pick & {
  /** The summary's query (a failed one says so: components/feedback listState). */
  query: QueryLike & { data?: PaymentSummary };
  counterpart: 'Carrier' | 'Shipper';
}) {
  const summary = query.data;
  const rows = summary?.rows ?? [];
  const width = MONEY.length + 3;
  const state = listState(query, rows.length, 'Payment summary', 'No invoices yet.');
  return (
    <>
      {state.aboveRows}
      <Table.ScrollContainer minWidth={960}>
        <Table striped highlightOnHover verticalSpacing="xs" aria-label="Payment summary" aria-busy={query.isFetching}>
          <Head counterpart={counterpart} />
          <Table.Tbody>
            {rows.length === 0 && (
              <Table.Tr>
                <Table.Td colSpan={width}>
                  <Center mih={60}>{state.inRows}</Center>
                </Table.Td>
              </Table.Tr>
            )}
            {rows.map((row) => (
              <SummaryRow key={pick.keyOf(row)} row={row} {...pick} />
            ))}
          </Table.Tbody>
          {rows.length > 0 && summary && (
            <Table.Tfoot>
              <Table.Tr fw={700}>
                <Table.Td>Total</Table.Td>
                <Cells figures={summary.totals} />
              </Table.Tr>
            </Table.Tfoot>
          )}
        </Table>
      </Table.ScrollContainer>
      {summary && <SummaryNote summary={summary} listed={rows.length} />}
    </>
  );
}
