import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { OfflineOrderInput, Order } from '@freightdesk/shared/schemas/order';
import { api } from '../../../lib/api.ts';
import type { Dir } from './order-paths.ts';

const offlinePath = (dir: Dir) => `offline-orders/${dir}`;

/** `POST /api/offline-orders/{dir}` [add-offline-{dir}-order]: a load agreed outside the platform. */
export const createOfflineOrder = (dir: Dir, body: OfflineOrderInput) =>
  api.post<{ data: Order }>(`/${offlinePath(dir)}`, body).then((r) => r.data);

/** `PUT /api/offline-orders/{dir}/:id` [add-offline-{dir}-order]: until the vehicle reports; 409 STALE when changed since `ifMatch`. */
export const updateOfflineOrder = (dir: Dir, id: number, body: OfflineOrderInput, ifMatch?: string) =>
  api.put<{ data: Order }>(`/${offlinePath(dir)}/${id}`, body, { ifMatch }).then((r) => r.data);

/** Records (no id) or edits an offline order; the direction's offline order queries are refreshed after. */
export function useSaveOfflineOrder(dir: Dir, id: number | undefined) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ body, ifMatch }: { body: OfflineOrderInput; ifMatch?: string }) =>
      id === undefined ? createOfflineOrder(dir, body) : updateOfflineOrder(dir, id, body, ifMatch),
    onSuccess: () => void client.invalidateQueries({ queryKey: [offlinePath(dir)] }),
  });
}
