import { Badge, Stack, Text } from '@mantine/core';
import type { Order } from '@freightdesk/shared/schemas/order';
import { ORDER_STATUS_LABEL, type OrderStatus } from '@freightdesk/shared/status/order';
import { formatDateTime } from '../../lib/format.ts';
import type { ShownOrder } from './kept-orders.ts';

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
