/**
 * Order lifecycle (product.md section 3), one road per direction:
 * - outbound (request type 1): placed → vehicle assigned → reported (at the plant) → gate in →
 *   loaded → gate out (in transit) → arrived (at the destination) → delivered (POD submitted) →
 *   closed (POD accepted); a POD sent back returns the order to arrived, so the carrier submits again;
 * - inbound (request type 2): placed → vehicle assigned → reported (at the receiving plant) → gate
 *   in → unloaded → gate out → delivered (the receiving gate's unloading record is the receipt) →
 *   closed (receipt accepted).
 * Either way the carrier may reject a placed order and the shipper may cancel until the vehicle is
 * through the gate; the vehicle may be changed (with a reason) while assigned or reported, which is
 * a move to the same status.
 */
export const ORDER_STATUSES = [
  'placed',
  'vehicle_assigned',
  'reported',
  'gate_in',
  'loaded',
  'unloaded',
  'gate_out',
  'arrived',
  'delivered',
  'closed',
  'rejected',
  'cancelled',
] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];
/** 1 outbound, 2 inbound (the request type). */
export type OrderDirection = 1 | 2;

/** Labels of an outbound order (and of filters that mix both directions). */
export const ORDER_STATUS_LABEL: Record<OrderStatus, string> = {
  placed: 'Placed',
  vehicle_assigned: 'Vehicle assigned',
  reported: 'Reported',
  gate_in: 'Gate in',
  loaded: 'Loaded',
  unloaded: 'Unloaded',
  gate_out: 'In transit',
  arrived: 'Arrived',
  delivered: 'Delivered',
  closed: 'Closed',
  rejected: 'Rejected',
  cancelled: 'Cancelled',
};

/** An inbound order leaves the receiving plant empty: its gate out ends the trip rather than starting it. */
const INBOUND_LABEL: Partial<Record<OrderStatus, string>> = { gate_out: 'Gate out' };

/** The status as the order's own direction reads it: outbound gate out is "In transit", inbound "Gate out". */
export function orderStatusLabel(status: OrderStatus, direction?: number): string {
  return (direction === 2 ? INBOUND_LABEL[status] : undefined) ?? ORDER_STATUS_LABEL[status];
}

type Road = Record<OrderStatus, readonly OrderStatus[]>;

const START = {
  placed: ['vehicle_assigned', 'rejected', 'cancelled'],
  // The same status again is a vehicle change (with a reason).
  vehicle_assigned: ['vehicle_assigned', 'reported', 'cancelled'],
  reported: ['reported', 'gate_in', 'cancelled'],
  closed: [],
  rejected: [],
  cancelled: [],
} as const satisfies Partial<Road>;

/** Each direction's allowed moves. */
export const ORDER_ROADS: Record<OrderDirection, Road> = {
  1: {
    ...START,
    gate_in: ['loaded'],
    loaded: ['gate_out'],
    unloaded: [],
    gate_out: ['arrived'],
    arrived: ['delivered'],
    // Accepted (closed), or sent back to the carrier (arrived) to submit the POD again.
    delivered: ['closed', 'arrived'],
  },
  2: {
    ...START,
    gate_in: ['unloaded'],
    loaded: [],
    unloaded: ['gate_out'],
    gate_out: ['delivered'],
    arrived: [],
    delivered: ['closed'],
  },
};

/** Every move either direction allows (for readers that do not know the direction). */
export const ORDER_TRANSITIONS: Road = Object.fromEntries(
  ORDER_STATUSES.map((s) => [s, [...new Set([...ORDER_ROADS[1][s], ...ORDER_ROADS[2][s]])]]),
) as unknown as Road;

/** May an order move from `from` to `to`? With a direction, on that direction's road; without, on either. */
export function canMoveOrder(from: OrderStatus, to: OrderStatus, direction?: number): boolean {
  const road = direction === 1 || direction === 2 ? ORDER_ROADS[direction] : ORDER_TRANSITIONS;
  return road[from].includes(to);
}

/** The direction of a request type: 2 inbound, anything else outbound (the spec's rule). */
export const orderDirection = (requestType: number): OrderDirection => (requestType === 2 ? 2 : 1);

/** Statuses in which the carrier may change the vehicle (with a reason). */
export const VEHICLE_CHANGE_STATUSES = ['vehicle_assigned', 'reported'] as const satisfies readonly OrderStatus[];

/** A vehicle is on the order and the trip is not over: the same vehicle on two such orders is flagged. */
export const ACTIVE_ORDER_STATUSES = [
  'vehicle_assigned',
  'reported',
  'gate_in',
  'loaded',
  'unloaded',
  'gate_out',
  'arrived',
] as const satisfies readonly OrderStatus[];

/** Finished orders: nothing moves them any more. */
export const FINAL_ORDER_STATUSES = ORDER_STATUSES.filter((s) => ORDER_TRANSITIONS[s].length === 0);
