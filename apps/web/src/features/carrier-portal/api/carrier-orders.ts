import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ListResponse } from '@freightdesk/shared/schemas/common';
import type { OrderDetail } from '@freightdesk/shared/schemas/order-detail';
import type { Order } from '@freightdesk/shared/schemas/order';
import { api, type Query } from '../../../lib/api.ts';
import { askKeeping, userAnswerKey } from '../../../lib/kept-answers.ts';
import { getSession } from '../../../lib/session.ts';

/** Every order query of the carrier starts with this, so a socket event or a move refetches them together. */
export const CARRIER_ORDERS_KEY = ['carrier-orders'] as const;

/**
 * `GET /api/carrier/orders` (carrier users) with the list params (page, pageSize, sort, search, status…).
 * Each answer is kept on the phone for its user: without network My orders shows the last one, marked
 * `keptAt` (record 0315), with the moves kept meanwhile over it.
 */
export const getCarrierOrders = (query: Query) =>
  askKeeping(userAnswerKey(getSession().userId, `carrier-orders:${JSON.stringify(query)}`), () =>
    api.get<ListResponse<Order>>('/carrier/orders', query),
  );

export const carrierOrdersQuery = (query: Query) =>
  queryOptions({
    queryKey: [...CARRIER_ORDERS_KEY, query],
    queryFn: () => getCarrierOrders(query),
    placeholderData: (previous) => previous,
    // Asked once without network too: the answer kept last stands in; with none kept the list waits
    // for the network, as any other list does.
    networkMode: 'offlineFirst',
  });

/** The list's filters kept in the address (`useListParams`). */
export const CARRIER_ORDER_FILTERS = ['status', 'pickupFrom', 'pickupTo'] as const;
/** The count of orders waiting for a vehicle, on the Placed tab's badge. */
export const PLACED_ORDERS_QUERY = { status: 'placed', pageSize: 25 } as const;

export const useCarrierOrders = (query: Query) => useQuery(carrierOrdersQuery(query));

/** `GET /api/carrier/orders/:id` (carrier users): the order with its lane, e-way bills, POD versions and the carrier's actions now. */
export const getCarrierOrder = (id: number) => api.get<{ data: OrderDetail }>(`/carrier/orders/${id}`).then((r) => r.data);

export const carrierOrderQuery = (id: number) =>
  queryOptions({
    queryKey: [...CARRIER_ORDERS_KEY, 'detail', id],
    queryFn: () => getCarrierOrder(id),
  });

export const useCarrierOrder = (id: number) => useQuery(carrierOrderQuery(id));
