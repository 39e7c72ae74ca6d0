import type { Order } from '@freightdesk/shared/schemas/order';
import type { OrderStatus } from '@freightdesk/shared/status/order';
import type { Db } from '../../db/client.ts';
import { carrierUsersOfLinks, notify } from '../../lib/notify.ts';
import type { Direction, Viewer } from '../../lib/policy.ts';
import { lockForCancel } from '../../repositories/order-moves.repository.ts';
import { orderById } from '../../repositories/orders.repository.ts';
import { moveOrder } from './orders.service.ts';

/**
 * The shipper cancels an order the policy lets the user change (tenant, direction, plants; any
 * other is not found): the move goes through the status machine (409 once the vehicle is through
 * the gate, or when the order is rejected, delivered, closed or already cancelled), the timeline
 * keeps who, when and why, and the carrier's users are told. The vehicle it held is free to award
 * again, since an award counts cancelled orders as free. Answers the order and the request it came
 * from (for the caller's live event).
 */
export async function cancelOrder(
  db: Db,
  user: Viewer,
  industryId: number,
  direction: Direction,
  orderId: number,
  reason: string,
): Promise<{ order: Order; requestId: number | null }> {
  const requestId = await db.transaction(async (tx) => {
    const row = await lockForCancel(tx, user, direction, orderId);
    await moveOrder(tx, orderId, row.status as OrderStatus, 'cancelled', user.id, { reason });
    await notify(tx, await carrierUsersOfLinks(tx, [row.link]), {
      title: 'Order cancelled',
      msg: `${row.shipper} cancelled ${row.number}: ${reason}`,
      type: 'order',
      referId: orderId,
      requestType: direction,
    });
    return row.requestId;
  });
  return { order: await orderById(db, industryId, direction, orderId), requestId };
}
