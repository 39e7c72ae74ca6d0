import { Badge } from '@mantine/core';
import type { Order } from '@freightdesk/shared/schemas/order';
import { ORDER_STATUS_LABEL } from '@freightdesk/shared/status/order';

export function OrderStatusBadge({ status }: { status: Order['status'] }) {
  const color = status === 'rejected' || status === 'cancelled' ? 'red' : status === 'placed' ? 'blue' : 'green';
  return <Badge color={color}>{ORDER_STATUS_LABEL[status]}</Badge>;
}
