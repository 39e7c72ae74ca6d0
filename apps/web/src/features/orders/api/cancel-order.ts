import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CancelOrderBody, Order } from '@freightdesk/shared/schemas/order';
import { api } from '../../../lib/api.ts';
import type { Dir } from './order-paths.ts';
import { invalidateOrders } from './refresh-orders.ts';

/** `POST /api/orders/{dir}/:id/cancel` [list-{dir}-order]: `{ reason }`, which the timeline keeps and the carrier is told. */
export const cancelOrder = (dir: Dir, id: number, body: CancelOrderBody) =>
  api.post<{ data: Order }>(`/orders/${dir}/${id}/cancel`, body).then((r) => r.data);

/** Refreshes every order query and the direction's requests (an awarded vehicle can be awarded again). */
export function useCancelOrder(dir: Dir, id: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: CancelOrderBody) => cancelOrder(dir, id, body),
    onSuccess: () => {
      void invalidateOrders(client);
      void client.invalidateQueries({ queryKey: [`requests/${dir}`] });
    },
  });
}
