import { Alert, Badge, Group, Paper, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import type { LaneComparison, RfqDetail } from '@freightdesk/shared/schemas/rfq';
import { ExportMenu } from '../../components/data-table/export-menu.tsx';
import { formatInr } from '../../lib/format.ts';
import { useRfqCompare } from './api/get-rfq-compare.ts';
import { formatPct } from '@freightdesk/shared/percent';

type Quote = LaneComparison['quotes'][number];

/** One lane's L1, L2, L3, spread and saving against its benchmark; who declined. */
function LaneCard({ lane }: { lane: LaneComparison }) {
  const ranked = lane.quotes.filter((q) => q.rank !== null).sort((a, b) => (a.rank ?? 0) - (b.rank ?? 0));
  const declined = lane.quotes.filter((q) => q.declined);
  return (
    <Paper withBorder p="sm" data-lane={lane.seq}>
      <Text fw={600} mb={4}>
        Lane {lane.seq}: {lane.label}
      </Text>
      {ranked.length === 0 ? (
        <Text c="dimmed" size="sm">
          No quote on this lane.
        </Text>
      ) : (
        <Stack gap={2}>
          {ranked.slice(0, 3).map((q) => (
            <Group key={q.carrierLinkId} gap="xs">
              <Badge variant={q.rank === 1 ? 'filled' : 'light'} color={q.rank === 1 ? 'teal' : 'gray'}>
                L{q.rank}
              </Badge>
              <Text size="sm">
                {q.carrierName}: {formatInr(q.amountRupees)} (round {q.round})
              </Text>
            </Group>
          ))}
        </Stack>
      )}
      <SimpleGrid cols={3} mt="xs">
        <Text size="sm">Benchmark: {formatInr(lane.benchmarkRupees)}</Text>
        <Text size="sm">Spread: {formatInr(lane.spreadRupees)}</Text>
        <Text size="sm" c={lane.savingPct !== null && lane.savingPct < 0 ? 'red' : undefined}>
          Saving: {formatPct(lane.savingPct)}
        </Text>
      </SimpleGrid>
      {declined.length > 0 && (
        <Text size="sm" c="dimmed" mt={4}>
          Declined: {declined.map((q) => q.carrierName).join(', ')}
        </Text>
      )}
    </Paper>
  );
}

const cell = (q: Quote | undefined) =>
  !q ? '—' : q.declined ? 'Declined' : `${formatInr(q.amountRupees)}${q.rank ? ` (L${q.rank})` : ''}`;

/** Lanes down, carriers across: each carrier's latest quote and rank. */
function Matrix({ lanes }: { lanes: LaneComparison[] }) {
  const carriers = [...new Map(lanes.flatMap((l) => l.quotes.map((q) => [q.carrierLinkId, q.carrierName] as const))).entries()];
  return (
    <Table.ScrollContainer minWidth={600}>
      <Table striped withColumnBorders>
        <Table.Caption>Lane × carrier</Table.Caption>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Lane</Table.Th>
            {carriers.map(([id, name]) => (
              <Table.Th key={id}>{name}</Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {lanes.map((l) => (
            <Table.Tr key={l.laneId}>
              <Table.Td>
                {l.seq}. {l.label}
              </Table.Td>
              {carriers.map(([id]) => (
                <Table.Td key={id}>{cell(l.quotes.find((q) => q.carrierLinkId === id))}</Table.Td>
              ))}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

/** The comparison of the quotes, lane by lane, and the lane × carrier matrix. */
export function CompareTab({ rfq }: { rfq: RfqDetail }) {
  const { data, error } = useRfqCompare(rfq.id);
  if (error) {
    return <Alert color="red">{error.message}</Alert>;
  }
  if (!data) {
    return null;
  }
  return (
    <Stack>
      <Group justify="space-between">
        {rfq.status === 'open' ? (
          <Alert color="blue" style={{ flex: 1 }}>
            Round {rfq.round} is still open: quotes may change until it closes.
          </Alert>
        ) : (
          <span />
        )}
        <ExportMenu path={`/rfqs/${rfq.id}/compare/export`} name={`${rfq.number}-comparison`} />
      </Group>
      <SimpleGrid cols={{ base: 1, lg: 2 }}>
        {data.map((lane) => (
          <LaneCard key={lane.laneId} lane={lane} />
        ))}
      </SimpleGrid>
      <Title order={4}>Matrix</Title>
      <Matrix lanes={data} />
    </Stack>
  );
}
