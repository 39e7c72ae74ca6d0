import { Badge, Button, Stack, Table, Text } from '@mantine/core';
import { IconChevronDown, IconChevronRight } from '@tabler/icons-react';
import type { Order } from '@freightdesk/shared/schemas/order';
import { ORDER_STATUS_LABEL, type OrderStatus } from '@freightdesk/shared/status/order';
import { formatDateTime, formatInr } from '../../lib/format.ts';
import { basisLabel } from './auction.ts';
import { CARRIER_ACTION_LABEL, type CarrierAction } from './order-moves.ts';
import type { ShownOrder } from './kept-orders.ts';
import { DateTimeText } from '../../components/data-table/date-time-text.tsx';

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

export const SOURCE_LABEL: Record<Order['source'], string> = {
  request: 'From a request',
  indent: 'From an indent',
  offline: 'Offline order',
};

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

/** The POD in the list: delivered waits for the shipper; closed is accepted. */
const POD_NOTE: Partial<Record<OrderStatus, { label: string; color: string }>> = {
  delivered: { label: 'POD submitted', color: 'blue' },
  closed: { label: 'POD accepted', color: 'green' },
};

/** An arrived order whose POD the shipper sent back: the badge and the shipper's reason (red.9: red.8 read at 4.3:1 on a striped row). */
function SentBack({ order }: { order: Order }) {
  if (order.podSentBackReason === null) {
    return null;
  }
  return (
    <>
      <Badge size="sm" color="red" variant="outline">
        POD sent back
      </Badge>
      <Text size="xs" c="red.9" maw={200}>
        {order.podSentBackReason || 'No reason given'}
      </Text>
    </>
  );
}

/** The order's lane in short: → last drop-off (and how many), from the pickup when it is not the plant. */
export function LaneText({ order: o }: { order: Order }) {
  if (!o.pickupLabel && !o.dropLabel) {
    return null;
  }
  const from = o.pickupLabel && o.pickupLabel !== o.plantName ? `${o.pickupLabel} ` : '';
  return (
    <Text size="xs" c="dimmed" maw={220}>
      {from}→ {o.dropLabel ?? '—'}
      {o.dropCount > 1 ? ` (${o.dropCount} drop-offs)` : ''}
    </Text>
  );
}

/** The vehicle on the order and its driver, or the type still to be assigned. */
export function VehicleText({ order: o }: { order: Order }) {
  return o.vehicleNumber ? (
    <div>
      <Text size="sm" fw={600} ff="monospace" style={{ whiteSpace: 'nowrap' }}>
        {o.vehicleNumber}
      </Text>
      <Text size="xs" c="dimmed">
        {o.driverName ?? '—'} · {o.driverMobile ?? '—'}
      </Text>
    </div>
  ) : (
    <div>
      <Text size="sm">{o.vehicleTypeName}</Text>
      <Text size="xs" c="dimmed">
        Not assigned yet
      </Text>
    </div>
  );
}

type RowProps = {
  order: ShownOrder;
  index: number;
  detailsOpen: boolean;
  onDetails: () => void;
  onAction: (action: CarrierAction) => void;
};

/** The order's number, where it came from, and the button that opens its panel. */
function NumberCell({ order: o, detailsOpen, onDetails }: Pick<RowProps, 'order' | 'detailsOpen' | 'onDetails'>) {
  return (
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
        leftSection={detailsOpen ? <IconChevronDown size={14} /> : <IconChevronRight size={14} />}
        onClick={onDetails}
        aria-expanded={detailsOpen}
        aria-label={`Details of ${o.number}`}
        title="Lane, proof of delivery, e-way bills, documents"
      >
        Details
      </Button>
    </Table.Td>
  );
}

/** What the phone keeps of the order (kept-orders.ts): its moves wait to be sent, or one was refused beside the server's status. */
function KeptBadges({ order: o }: { order: ShownOrder }) {
  if (!o.kept) {
    return null;
  }
  return (
    <>
      {o.kept.kind === 'waiting' ? (
        <Badge size="sm" color="orange" variant="outline">
          Waiting to send
        </Badge>
      ) : (
        <Badge size="sm" color="red" variant="outline">
          Not applied: {ORDER_STATUS_LABEL[o.kept.keptState]}
        </Badge>
      )}
      {o.kept.held && (
        <Text size="xs" fw={500} c="red.9" maw={220}>
          Moves of this order are held above: retry or dismiss them first.
        </Text>
      )}
    </>
  );
}

/** The status, the POD's state, a POD sent back, a reported shortage or damage, and what waits on the phone (the row's cell and the card's top). */
export function OrderBadges({ order: o, align = 'flex-start' }: { order: ShownOrder; align?: 'flex-start' | 'flex-end' }) {
  const pod = POD_NOTE[o.status];
  return (
    <Stack gap={4} align={align}>
      <StatusBadge order={o} />
      <KeptBadges order={o} />
      {pod && (
        <Badge size="sm" color={pod.color} variant="outline">
          {pod.label}
        </Badge>
      )}
      {o.status === 'arrived' && o.requestType !== 2 && <SentBack order={o} />}
      {o.podIssue && (
        <Badge size="sm" color="orange" variant="light">
          Shortage / damage
        </Badge>
      )}
    </Stack>
  );
}

/** The vehicle and the moves on it in one column, stacked, so a laptop's 1280 px show them whole. */
function VehicleCell({ order: o, onAction }: Pick<RowProps, 'order' | 'onAction'>) {
  return (
    <Table.Td>
      <Stack gap={6} align="stretch">
        <VehicleText order={o} />
        {o.moves.map((a) => (
          <Button
            key={a}
            size="xs"
            color={a === 'reject' ? 'red' : undefined}
            variant={a === 'reject' ? 'light' : a === 'changeVehicle' ? 'default' : 'filled'}
            onClick={() => onAction(a)}
          >
            {CARRIER_ACTION_LABEL[a]}
          </Button>
        ))}
      </Stack>
    </Table.Td>
  );
}

/** One order of the carrier: what, where, price, pickup, status, the vehicle on it, and its next moves. */
export function OrderRow(props: RowProps) {
  const { order: o } = props;
  return (
    <Table.Tr data-order-number={o.number}>
      <Table.Td>{props.index}</Table.Td>
      <NumberCell order={o} detailsOpen={props.detailsOpen} onDetails={props.onDetails} />
      {/* Wide enough for a shipper's and a plant's name on a line each at a laptop's width. */}
      <Table.Td miw={150}>
        <Text size="sm">{o.shipperName}</Text>
        <Text size="xs" c="dimmed">
          {o.plantName}
        </Text>
        <LaneText order={o} />
      </Table.Td>
      <Table.Td>
        <Text size="sm" fw={600} style={{ whiteSpace: 'nowrap' }}>
          {formatInr(o.priceRupees)}
        </Text>
        <Text size="xs" c="dimmed">
          per {basisLabel(o.priceBasis)}
        </Text>
      </Table.Td>
      <Table.Td>
        <DateTimeText value={formatDateTime(o.pickupAt)} />
      </Table.Td>
      <Table.Td>
        <OrderBadges order={o} />
      </Table.Td>
      <VehicleCell order={o} onAction={props.onAction} />
    </Table.Tr>
  );
}
