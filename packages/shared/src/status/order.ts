/**
 * Order lifecycle (product.md section 3): placed → vehicle assigned → reported → gate in → loaded →
 * gate out (in transit) → arrived → delivered → closed; or rejected (by the carrier) | cancelled.
 * The carrier accepts a placed order by assigning a vehicle; execution steps come with tracking.
 */
export const ORDER_STATUSES = [
  'placed',
  'vehicle_assigned',
  'reported',
  'gate_in',
  'loaded',
  'gate_out',
  'arrived',
  'delivered',
  'closed',
  'rejected',
  'cancelled',
] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

export const ORDER_STATUS_LABEL: Record<OrderStatus, string> = {
  placed: 'Placed',
  vehicle_assigned: 'Vehicle assigned',
  reported: 'Reported',
  gate_in: 'Gate in',
  loaded: 'Loaded',
  gate_out: 'In transit',
  arrived: 'Arrived',
  delivered: 'Delivered',
  closed: 'Closed',
  rejected: 'Rejected',
  cancelled: 'Cancelled',
};

export const ORDER_TRANSITIONS: Record<OrderStatus, readonly OrderStatus[]> = {
  placed: ['vehicle_assigned', 'rejected', 'cancelled'],
  vehicle_assigned: ['vehicle_assigned', 'reported', 'cancelled'],
  reported: ['gate_in', 'cancelled'],
  gate_in: ['loaded'],
  loaded: ['gate_out'],
  gate_out: ['arrived'],
  arrived: ['delivered'],
  delivered: ['closed'],
  closed: [],
  rejected: [],
  cancelled: [],
};

export function canMoveOrder(from: OrderStatus, to: OrderStatus): boolean {
  return ORDER_TRANSITIONS[from].includes(to);
}
