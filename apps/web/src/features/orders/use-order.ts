import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { OrderDetail } from '@freightdesk/shared/schemas/execution';
import { api } from '../../lib/api.ts';
import type { Dir } from './cancel-order-dialog.tsx';

/** The query path of an order's page: offline orders are read under their own list permission. */
export const orderQueryPath = (dir: Dir, offline = false) => (offline ? `offline-orders/${dir}` : `orders/${dir}`);

/** The shipper's calls on one order (e-way bills, POD, cancel) live under `/orders/{dir}/:id`, offline or not. */
export const orderApiBase = (dir: Dir, id: number) => `/orders/${dir}/${id}`;

/**
 * One order's page (`OrderDetail`: lane, e-way bills, POD, gate, timeline, actions). Cached under
 * the same key as the master hooks, so a live notification about orders refreshes it.
 */
export function useOrderDetail(dir: Dir, id: number, offline = false) {
  const path = orderQueryPath(dir, offline);
  return useQuery({
    queryKey: [path, 'one', id],
    queryFn: () => api.get<{ data: OrderDetail }>(`/${path}/${id}`).then((r) => r.data),
    enabled: Number.isInteger(id) && id > 0,
  });
}

/** Refetches every order query (lists and pages, offline or not) after a change to an order. */
export function useRefreshOrders() {
  const client = useQueryClient();
  return () => client.invalidateQueries({ predicate: (q) => /^(offline-)?orders\//.test(String(q.queryKey[0])) });
}
