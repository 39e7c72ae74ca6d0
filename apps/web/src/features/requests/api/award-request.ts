import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Order } from '@freightdesk/shared/schemas/order';
import { api } from '../../../lib/api.ts';
import type { Direction } from '../request-list.tsx';
import { requestKeys } from './request-keys.ts';

export type Award = { bidId: number; vehicles: number };

/** `POST /api/requests/:dir/:id/award` [edit-<dir>-request]: places the orders; the same award repeated is made once. */
export const awardRequest = (dir: Direction, requestId: number, awards: Award[]) =>
  api.post<{ data: Order[] }>(`/requests/${dir}/${requestId}/award`, { awards }).then((r) => r.data);

/** `onSuccess` runs before the request's queries are refreshed. */
export function useAwardRequest(
  dir: Direction,
  requestId: number,
  callbacks: { onSuccess: (orders: Order[]) => void; onError: (err: Error) => void },
) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (awards: Award[]) => awardRequest(dir, requestId, awards),
    onSuccess: (orders) => {
      callbacks.onSuccess(orders);
      void client.invalidateQueries({ queryKey: requestKeys.all(dir) });
    },
    onError: callbacks.onError,
  });
}
