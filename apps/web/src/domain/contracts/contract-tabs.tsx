import { Anchor, Group, Paper, Progress, SimpleGrid, Stack, Text } from '@mantine/core';
import type { ColumnDef } from '@tanstack/react-table';
import { Link } from 'react-router';
import type { ContractOrder, ContractPerformance } from '@freightdesk/shared/schemas/contract';
import { ORDER_STATUS_LABEL, type OrderStatus, orderStatusLabel } from '@freightdesk/shared/status/order';
import { formatDateTime, formatInr, plural } from '../../lib/format.ts';
import { DataTable } from '../../components/data-table/data-table.tsx';
import { useListParams } from '../../components/data-table/use-list-params.ts';
import { type ContractSource, useContractOrders, useContractPerformance } from './api/contract-tabs.ts';
import { laneTake, pctText } from './contract-figures.ts';

export type { ContractSource };

const statusText = (o: ContractOrder) =>
  o.status in ORDER_STATUS_LABEL ? orderStatusLabel(o.status as OrderStatus, o.requestType) : o.status;

/** The orders placed on the contract through its indents, newest first, a page at a time from the server. */
export function ContractOrdersTab({
  source,
  orderHref,
  indentHref,
}: {
  source: ContractSource;
  orderHref: (o: ContractOrder) => string;
  indentHref: (o: ContractOrder) => string | null;
}) {
  const params = useListParams();
  const query = { page: params.list.page, pageSize: params.list.pageSize };
  const listQuery = useContractOrders(source, query);
  const { data } = listQuery;
  const columns: ColumnDef<ContractOrder, unknown>[] = [
    {
      id: 'number',
      header: 'Order',
      cell: ({ row }) => (
        <Anchor component={Link} to={orderHref(row.original)}>
          {row.original.number}
        </Anchor>
      ),
    },
    {
      id: 'indent',
      header: 'Indent',
      cell: ({ row }) => {
        const href = indentHref(row.original);
        return href && row.original.indentNumber ? (
          <Anchor component={Link} to={href}>
            {row.original.indentNumber}
          </Anchor>
        ) : (
          (row.original.indentNumber ?? '—')
        );
      },
    },
    { id: 'direction', header: 'Direction', cell: ({ row }) => (row.original.requestType === 2 ? 'Inbound' : 'Outbound') },
    { id: 'pickupAt', header: 'Pickup', cell: ({ row }) => formatDateTime(row.original.pickupAt) },
    { id: 'vehicle', header: 'Vehicle', cell: ({ row }) => row.original.vehicleNumber ?? 'Not assigned' },
    { id: 'price', header: 'Rate', cell: ({ row }) => formatInr(row.original.priceRupees) },
    { id: 'status', header: 'Status', cell: ({ row }) => statusText(row.original) },
  ];
  return (
    <DataTable
      caption="Orders on this contract"
      columns={columns}
      data={data?.data ?? []}
      total={data?.total ?? 0}
      query={listQuery}
      getRowId={(o) => o.id}
      {...params.table}
      onSortChange={undefined}
    />
  );
}

function Figure({ label, value, hint }: { label: string; value: string | number; hint?: string }) {
  return (
    <Paper withBorder p="sm">
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text fw={700} size="xl">
        {value}
      </Text>
      {hint && (
        <Text size="xs" c="dimmed">
          {hint}
        </Text>
      )}
    </Paper>
  );
}

const STANDING_COLOR = { none: 'gray', below: 'orange', onShare: 'teal', above: 'blue' } as const;

/** One lane's month: the carrier's vehicles against its share of all the vehicles placed on the lane. */
function LaneMonth({ lane }: { lane: ContractPerformance['lanes'][number] }) {
  const t = laneTake(lane);
  const text =
    t.pct === null
      ? `No vehicle placed on this lane this month yet · share ${lane.sharePct}%`
      : `Took ${t.taken} of the lane's ${plural(t.all, 'vehicle', undefined, { zero: '0' })} this month (${pctText(t.pct)}) · share ${lane.sharePct}%, about ${plural(t.due, 'vehicle')}`;
  return (
    <div>
      <Group justify="space-between" gap="xs" wrap="nowrap">
        <Text size="sm" fw={600}>
          {lane.label}
        </Text>
        <Text size="xs" c="dimmed" ta="right">
          {text}
        </Text>
      </Group>
      <Progress.Root size="lg" mt={4} aria-label={`${lane.label}: ${text}`}>
        <Progress.Section value={t.pct ?? 0} color={STANDING_COLOR[t.standing]} />
      </Progress.Root>
    </div>
  );
}

/** How the carrier has served the contract: its indent turns, the vehicles and orders, and each lane's month against its share. */
export function ContractPerformanceTab({ source }: { source: ContractSource }) {
  const { data: p, error } = useContractPerformance(source);
  if (error) {
    return <Text c="red">{error.message}</Text>;
  }
  if (!p) {
    return null;
  }
  return (
    <Stack>
      <SimpleGrid cols={{ base: 2, sm: 3, lg: 6 }}>
        <Figure
          label="Acceptance"
          value={pctText(p.acceptancePct)}
          hint={`${p.vehiclesAccepted} of ${plural(p.vehiclesAsked, 'vehicle', undefined, { zero: '0' })} asked`}
        />
        <Figure label="Turns accepted" value={p.turnsAccepted} hint={`of ${p.turnsAsked} indents asked`} />
        <Figure label="Turns rejected" value={p.turnsRejected} />
        <Figure label="Turns expired" value={p.turnsExpired} hint="No answer in time" />
        <Figure label="Orders" value={p.orders} hint={`${p.ordersDelivered} delivered`} />
        <Figure label="Placed on time" value={pctText(p.onTimePlacementPct)} hint="Vehicle reported by the reporting time" />
      </SimpleGrid>
      <Text fw={600}>This month by lane (India time)</Text>
      {p.lanes.length === 0 ? <Text c="dimmed">No lanes.</Text> : p.lanes.map((l) => <LaneMonth key={l.contractLaneId} lane={l} />)}
    </Stack>
  );
}
