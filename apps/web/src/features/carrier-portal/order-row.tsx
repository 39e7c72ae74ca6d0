import { Badge, Button, Stack, Table, Text } from '@mantine/core';
import { IconChevronDown, IconFiles } from '@tabler/icons-react';
import type { Order } from '@freightdesk/shared/schemas/order';
import { ORDER_STATUS_LABEL, type OrderStatus } from '@freightdesk/shared/status/order';
import { formatDateTime, formatInr } from '../../lib/format.ts';
import { basisLabel } from './auction.ts';

const STATUS_COLOR: Record<OrderStatus, string> = {
  placed: 'blue',
  vehicle_assigned: 'cyan',
  reported: 'indigo',
  gate_in: 'indigo',
  loaded: 'violet',
  unloaded: 'violet',
  gate_out: 'grape',
  arrived: 'teal',
  delivered: 'green',
  closed: 'gray',
  rejected: 'red',
  cancelled: 'red',
};

const SOURCE_LABEL: Record<Order['source'], string> = { request: 'From a request', indent: 'From an indent', offline: 'Offline order' };

function StatusBadge({ order }: { order: Order }) {
  const badge = (
    <Badge color={STATUS_COLOR[order.status]} variant={order.status === 'placed' ? 'filled' : 'light'}>
      {ORDER_STATUS_LABEL[order.status]}
    </Badge>
  );
  if (order.status !== 'rejected') {
    return badge;
  }
  return (
    <Stack gap={2} align="flex-start">
      {badge}
      <Text size="xs" c="dimmed">
        {formatDateTime(order.rejectedAt)}
        {order.rejectReason ? ` · ${order.rejectReason}` : ''}
      </Text>
    </Stack>
  );
}

/** One order of the carrier: what, where, price, pickup, status, the vehicle on it, and what to do next. */
export function OrderRow(props: {
  order: Order;
  index: number;
  documentsOpen: boolean;
  onDocuments: () => void;
  onAssign: () => void;
  onReject: () => void;
}) {
  const { order: o } = props;
  const canAssign = o.status === 'placed' || o.status === 'vehicle_assigned';
  return (
    <Table.Tr data-order-number={o.number}>
      <Table.Td>{props.index}</Table.Td>
      <Table.Td>
        <Text fw={600} size="sm" ff="monospace" style={{ whiteSpace: 'nowrap' }}>
          {o.number}
        </Text>
        <Text size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
          {o.requestNumber ? `from ${o.requestNumber}` : SOURCE_LABEL[o.source]}
        </Text>
        <Button
          ml={-6}
          size="compact-xs"
          variant="subtle"
          leftSection={props.documentsOpen ? <IconChevronDown size={14} /> : <IconFiles size={14} />}
          onClick={props.onDocuments}
          aria-expanded={props.documentsOpen}
          title="LR, POD, invoice, e-way bill"
        >
          Documents
        </Button>
      </Table.Td>
      <Table.Td>
        <Text size="sm">{o.shipperName}</Text>
        <Text size="xs" c="dimmed">
          {o.plantName}
        </Text>
      </Table.Td>
      <Table.Td>
        <Text size="sm" fw={600} style={{ whiteSpace: 'nowrap' }}>
          {formatInr(o.priceRupees)}
        </Text>
        <Text size="xs" c="dimmed">
          per {basisLabel(o.priceBasis)}
        </Text>
      </Table.Td>
      <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDateTime(o.pickupAt)}</Table.Td>
      <Table.Td>
        <StatusBadge order={o} />
      </Table.Td>
      <Table.Td>
        {o.vehicleNumber ? (
          <>
            <Text size="sm" fw={600} ff="monospace" style={{ whiteSpace: 'nowrap' }}>
              {o.vehicleNumber}
            </Text>
            <Text size="xs" c="dimmed">
              {o.driverName ?? '—'} · {o.driverMobile ?? '—'}
            </Text>
          </>
        ) : (
          <>
            <Text size="sm">{o.vehicleTypeName}</Text>
            <Text size="xs" c="dimmed">
              Not assigned yet
            </Text>
          </>
        )}
      </Table.Td>
      <Table.Td>
        {/* Stacked, so the actions fit a laptop's width without scrolling the table sideways. */}
        <Stack gap={6} align="stretch">
          {canAssign && (
            <Button size="xs" variant={o.status === 'placed' ? 'filled' : 'default'} onClick={props.onAssign}>
              {o.status === 'placed' ? 'Assign vehicle' : 'Change vehicle'}
            </Button>
          )}
          {o.status === 'placed' && (
            <Button size="xs" color="red" variant="light" onClick={props.onReject}>
              Reject
            </Button>
          )}
        </Stack>
      </Table.Td>
    </Table.Tr>
  );
}
