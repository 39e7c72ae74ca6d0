import { RingProgress, Stack, Table, Text } from '@mantine/core';
import type { DashboardTrends } from '@freightdesk/shared/schemas/dashboard';
import type { OrderStatus } from '@freightdesk/shared/status/order';
import { inrShort } from './chart-format.ts';
import { IndexTh } from '../../components/data-table/index-column.tsx';
import { indianNumber } from '@freightdesk/shared/indian-number';

/** Each status's slice, from the theme's colours (the carrier portal's badges' hues). */
export const STATUS_COLOR: Record<OrderStatus, string> = {
  placed: 'blue.6',
  vehicle_assigned: 'cyan.6',
  reported: 'indigo.4',
  gate_in: 'indigo.7',
  loaded: 'orange.5',
  unloaded: 'orange.7',
  gate_out: 'grape.6',
  arrived: 'teal.6',
  delivered: 'brand.5',
  closed: 'gray.5',
  rejected: 'red.6',
  cancelled: 'red.3',
};

const percentText = (p: number | null) => (p === null ? '—' : `${p}%`);

export function OnTimeRing({
  label,
  percent,
  part,
  whole,
  of,
}: {
  label: string;
  percent: number | null;
  part: number;
  whole: number;
  of: string;
}) {
  return (
    <Stack gap={2} align="center">
      <RingProgress
        size={104}
        thickness={10}
        roundCaps
        sections={percent === null ? [] : [{ value: percent, color: percent >= 90 ? 'brand.5' : percent >= 70 ? 'yellow.6' : 'red.6' }]}
        label={
          <Text ta="center" fw={700} size="lg">
            {percentText(percent)}
          </Text>
        }
      />
      <Text size="sm" fw={500}>
        {label}
      </Text>
      <Text size="xs" c="dimmed">
        {whole ? `${part} of ${whole} ${of}` : `None ${of} yet`}
      </Text>
    </Stack>
  );
}

/** The carriers with most orders: their orders, spend and on-time share. */
export function CarrierRanking({ carriers }: { carriers: DashboardTrends['carrierRanking'] }) {
  return (
    <Table striped verticalSpacing={6} aria-label="Carrier ranking">
      <Table.Thead>
        <Table.Tr>
          <IndexTh />
          <Table.Th>Carrier</Table.Th>
          <Table.Th ta="right">Orders</Table.Th>
          <Table.Th ta="right">Spend</Table.Th>
          <Table.Th ta="right">On time</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {carriers.map((c, i) => (
          <Table.Tr key={c.carrier}>
            <Table.Td>{i + 1}</Table.Td>
            <Table.Td>{c.carrier}</Table.Td>
            <Table.Td ta="right">{indianNumber(c.orders)}</Table.Td>
            <Table.Td ta="right">{inrShort(c.spendRupees)}</Table.Td>
            <Table.Td ta="right">{percentText(c.onTimePercent)}</Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}
