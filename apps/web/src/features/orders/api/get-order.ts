import { queryOptions, useQuery } from '@tanstack/react-query';
import type { OrderDetail } from '@freightdesk/shared/schemas/order-detail';
import { api } from '../../../lib/api.ts';
import { type Dir, orderQueryPath } from './order-paths.ts';

/**
 * `GET /api/orders/{dir}/:id` [list-{dir}-order] or `GET /api/offline-orders/{dir}/:id`
 * [list-outbound-order, list-offline-inbound-order]; another business's order is a 404.
 */
export const getOrder = (path: string, id: number) => api.get<{ data: OrderDetail }>(`/${path}/${id}`).then((r) => r.data);

/** Cached under the same key as the master hooks (`[path, 'one', id]`), so a live notification about orders refreshes it. */
export const orderQueryOptions = (dir: Dir, id: number, offline = false) => {
  const path = orderQueryPath(dir, offline);
  return queryOptions({
    queryKey: [path, 'one', id],
    queryFn: () => getOrder(path, id),
    enabled: Number.isInteger(id) && id > 0,
  });
};

/** One order's page (`OrderDetail`: lane, e-way bills, POD, gate, timeline, actions). */
export const useOrderDetail = (dir: Dir, id: number, offline = false) => useQuery(orderQueryOptions(dir, id, offline));
