import { Button } from '@mantine/core';
import { useState } from 'react';
import { Link } from 'react-router';
import type { OrderDetail } from '@freightdesk/shared/schemas/order-detail';
import { CancelOrderDialog, type Dir } from './cancel-order-dialog.tsx';

/**
 * The page's actions the viewer may take now, from the order's `actions` (the server's answer):
 * edit an offline order, cancel with a reason. POD decisions and e-way bills sit in their cards.
 */
export function OrderActions({ dir, order }: { dir: Dir; order: OrderDetail }) {
  const [cancelling, setCancelling] = useState(false);
  return (
    <>
      {order.vehicleNumber && (
        <Button variant="default" component={Link} to={`/order/${dir}/track/${order.id}/${encodeURIComponent(order.number)}`}>
          Live tracking
        </Button>
      )}
      {order.actions.includes('editOffline') && (
        <Button variant="default" component={Link} to={`/offline/${dir}/order/edit/${order.id}`}>
          Edit order
        </Button>
      )}
      {order.actions.includes('cancel') && (
        <Button color="red" variant="light" onClick={() => setCancelling(true)}>
          Cancel order
        </Button>
      )}
      {cancelling && <CancelOrderDialog dir={dir} order={order} onClose={() => setCancelling(false)} />}
    </>
  );
}
