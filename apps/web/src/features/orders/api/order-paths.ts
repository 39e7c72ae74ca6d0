/** The direction of an order: the shipper's outbound loads, or inbound ones it receives. */
export type Dir = 'outbound' | 'inbound';

/** The query path of an order's page: offline orders are read under their own list permission. */
export const orderQueryPath = (dir: Dir, offline = false) => (offline ? `offline-orders/${dir}` : `orders/${dir}`);

/** The shipper's calls on one order (e-way bills, POD, cancel) live under `/orders/{dir}/:id`, offline or not. */
export const orderApiBase = (dir: Dir, id: number) => `/orders/${dir}/${id}`;
