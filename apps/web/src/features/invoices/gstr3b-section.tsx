import { Center, Stack, Table, Text, Title } from '@mantine/core';
import { MonthPickerInput } from '@mantine/dates';
import type { UseQueryResult } from '@tanstack/react-query';
import { useState } from 'react';
import type { Gstr3bLine } from '@freightdesk/shared/schemas/invoice-views';
import { plural } from '@freightdesk/shared/words';
import { listState } from '../../components/feedback/query-state.tsx';
import { toDay, todayInIndia } from '../../components/form/date-time.ts';
import { inr } from '../../domain/invoices/invoice-format.ts';
import { useGstr3b } from './api/get-gstr3b.ts';

const MONEY: { label: string; of: (l: Gstr3bLine) => number }[] = [
  { label: 'Taxable value', of: (l) => l.taxablePaise },
  { label: 'IGST', of: (l) => l.igstPaise },
  { label: 'CGST', of: (l) => l.cgstPaise },
  { label: 'SGST', of: (l) => l.sgstPaise },
  { label: 'Cess', of: (l) => l.cessPaise },
];

/** The documents a line counts: "2 invoices, 1 note" (a month may hold only notes). */
function documents(line: Gstr3bLine): string {
  const parts = [line.invoices > 0 && plural(line.invoices, 'invoice'), line.notes > 0 && plural(line.notes, 'note')];
  return parts.filter(Boolean).join(', ') || '—';
}

/** Table 3.1(d), one row per recipient GSTIN; the query's state (loading, failed with Try again, empty) where rows would be. */
function Gstr3bTable({ query }: { query: UseQueryResult<{ month: string; lines: Gstr3bLine[] }> }) {
  const lines = query.data?.lines ?? [];
  const state = listState(query, lines.length, 'Reverse charge figures', 'No freight under reverse charge in this month.');
  return (
    <>
      {state.aboveRows}
      <Table.ScrollContainer minWidth={640}>
        <Table
          striped
          verticalSpacing="xs"
          aria-label="GSTR-3B table 3.1(d)"
          aria-busy={query.isFetching}
          opacity={query.isPlaceholderData ? 0.6 : undefined}
        >
          <Table.Thead>
            <Table.Tr>
              <Table.Th>GSTIN</Table.Th>
              {MONEY.map((m) => (
                <Table.Th key={m.label} ta="right">
                  {m.label}
                </Table.Th>
              ))}
              <Table.Th>Documents</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {lines.length === 0 && (
              <Table.Tr>
                <Table.Td colSpan={MONEY.length + 2}>
                  <Center mih={60}>{state.inRows}</Center>
                </Table.Td>
              </Table.Tr>
            )}
            {lines.map((line) => (
              <Table.Tr key={line.gstin}>
                <Table.Td ff="monospace">{line.gstin}</Table.Td>
                {MONEY.map((m) => (
                  <Table.Td key={m.label} ta="right" style={{ whiteSpace: 'nowrap' }}>
                    {inr(m.of(line))}
                  </Table.Td>
                ))}
                <Table.Td>{documents(line)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </>
  );
}

/**
 * The shipper's GSTR-3B table 3.1(d) for a month it picks (issue 33): per plant GSTIN, the freight
 * on which it pays GST under reverse charge, to enter in each registration's return.
 */
export function Gstr3bSection() {
  const today = todayInIndia();
  const [day, setDay] = useState(`${today.slice(0, 7)}-01`);
  const query = useGstr3b(day.slice(0, 7));
  return (
    <Stack component="section" aria-label="Reverse charge for GSTR-3B" gap="xs">
      <Title order={4}>Reverse charge for GSTR-3B</Title>
      <Text size="sm" c="dimmed">
        Freight on which you pay GST under reverse charge, per registration: each invoice in the month of its time of supply (its first
        payment, or the 61st day after its date), less credit notes. Enter it in table 3.1(d) of GSTR-3B.
      </Text>
      <MonthPickerInput
        label="Return period"
        valueFormat="MMMM YYYY"
        maxDate={today}
        value={day}
        onChange={(v) => setDay(toDay(v) ?? day)}
        maw={260}
      />
      <Gstr3bTable query={query} />
    </Stack>
  );
}
