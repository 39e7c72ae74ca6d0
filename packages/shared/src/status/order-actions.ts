import { type OrderDirection, type OrderStatus, VEHICLE_CHANGE_STATUSES } from './order.ts';

/** Which side of the deal makes a move. */
export type OrderSide = 'shipper' | 'carrier';

type ActionRule = {
  side: OrderSide;
  /** The directions the action exists in. */
  directions: readonly OrderDirection[];
  /** The statuses it starts from. */
  from: readonly OrderStatus[];
  /** The status it ends in (the same one for a change that moves nothing). */
  to: OrderStatus | 'same';
  /** Only offline orders (typed by the shipper) may be edited. */
  offlineOnly?: boolean;
};

const BOTH = [1, 2] as const;

/**
 * What can be done to an order, by whom, from which status. The server answers an order's
 * `actions` from this table (with the viewer's side and permissions), the routes refuse the rest
 * through the status machine, and the web shows exactly the actions it is given.
 */
export const ORDER_ACTION_RULES = {
  /** The carrier accepts a placed order by naming the vehicle and driver. */
  assign: { side: 'carrier', directions: BOTH, from: ['placed'], to: 'vehicle_assigned' },
  reject: { side: 'carrier', directions: BOTH, from: ['placed'], to: 'rejected' },
  /** Another vehicle or driver, with a reason (the old and new vehicle go on the timeline). */
  changeVehicle: { side: 'carrier', directions: BOTH, from: VEHICLE_CHANGE_STATUSES, to: 'same' },
  /** "Reported at the plant" (the loading plant outbound, the receiving plant inbound). */
  report: { side: 'carrier', directions: BOTH, from: ['vehicle_assigned'], to: 'reported' },
  arrive: { side: 'carrier', directions: [1], from: ['gate_out'], to: 'arrived' },
  /** Delivered with the proof of delivery (outbound; inbound the receiving gate's record is the receipt). */
  deliver: { side: 'carrier', directions: [1], from: ['arrived'], to: 'delivered' },
  cancel: { side: 'shipper', directions: BOTH, from: ['placed', 'vehicle_assigned', 'reported'], to: 'cancelled' },
  /** The guard lets the vehicle in; one not yet reported is reported and gated in at once. */
  gateIn: { side: 'shipper', directions: BOTH, from: ['vehicle_assigned', 'reported'], to: 'gate_in' },
  loaded: { side: 'shipper', directions: [1], from: ['gate_in'], to: 'loaded' },
  unloaded: { side: 'shipper', directions: [2], from: ['gate_in'], to: 'unloaded' },
  gateOut: { side: 'shipper', directions: BOTH, from: ['loaded', 'unloaded'], to: 'gate_out' },
  acceptPod: { side: 'shipper', directions: BOTH, from: ['delivered'], to: 'closed' },
  /** Sent back to the carrier with a reason: the order is arrived again until a new POD comes. */
  rejectPod: { side: 'shipper', directions: [1], from: ['delivered'], to: 'arrived' },
  addEwayBill: {
    side: 'shipper',
    directions: BOTH,
    from: ['placed', 'vehicle_assigned', 'reported', 'gate_in', 'loaded', 'unloaded', 'gate_out', 'arrived'],
    to: 'same',
  },
  editOffline: { side: 'shipper', directions: BOTH, from: ['placed', 'vehicle_assigned'], to: 'same', offlineOnly: true },
} as const satisfies Record<string, ActionRule>;

export type OrderAction = keyof typeof ORDER_ACTION_RULES;
export const ORDER_ACTIONS = Object.keys(ORDER_ACTION_RULES) as OrderAction[];

/** What the viewer may do to orders at all: its side, and for a shipper user its permissions on this order. */
export type ActionViewer = {
  side: OrderSide;
  /** Shipper: may change this order (the direction's order list permission, within the user's plants). */
  canChange?: boolean;
  /** Shipper: may add offline orders of this direction (and so edit them). */
  canEditOffline?: boolean;
};

/**
 * The actions the viewer may take on the order right now, in the table's order. Computed on the
 * server for every order it answers, so the web shows exactly what the API would accept.
 */
export function orderActions(order: { status: OrderStatus; requestType: number; source: string }, viewer: ActionViewer): OrderAction[] {
  const direction: OrderDirection = order.requestType === 2 ? 2 : 1;
  return ORDER_ACTIONS.filter((name) => {
    const rule: ActionRule = ORDER_ACTION_RULES[name];
    if (rule.side !== viewer.side || !rule.directions.includes(direction) || !rule.from.includes(order.status)) {
      return false;
    }
    if (viewer.side === 'carrier') {
      return true;
    }
    if (rule.offlineOnly) {
      return order.source === 'offline' && Boolean(viewer.canEditOffline);
    }
    return Boolean(viewer.canChange);
  });
}
