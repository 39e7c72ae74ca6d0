import type { Pod } from '@freightdesk/shared/schemas/pod';
import type { Order } from '@freightdesk/shared/schemas/order';
import { type OrderAction, orderActions } from '@freightdesk/shared/status/order-actions';

/** The carrier's moves, as the buttons of an order name them. */
export const CARRIER_ACTION_LABEL: Partial<Record<OrderAction, string>> = {
  assign: 'Assign vehicle',
  changeVehicle: 'Change vehicle',
  report: 'Reported at plant',
  arrive: 'Arrived at destination',
  deliver: 'Delivered',
  reject: 'Reject',
};

export type CarrierAction = 'assign' | 'reject' | 'changeVehicle' | 'report' | 'arrive' | 'deliver';
const BUTTON_ORDER: CarrierAction[] = ['assign', 'report', 'arrive', 'deliver', 'changeVehicle', 'reject'];

/**
 * The carrier's next moves on an order, from the shared action table the API answers an order's
 * `actions` with (for the carrier only the status and the direction count, so the list needs no
 * second call per row). The forward move comes first: it is the button the dispatcher wants.
 */
export function carrierActions(order: Pick<Order, 'status' | 'requestType' | 'source'>): CarrierAction[] {
  const all = orderActions(order, { side: 'carrier' });
  return BUTTON_ORDER.filter((a) => all.includes(a));
}

/** What the dispatcher is told of a move kept on the device without network. */
export const keptText = (what: string, order: Pick<Order, 'number'>) =>
  `No network: ${what} for ${order.number} is kept on this device and sent when the network is back.`;

/** What the POD looks like to the carrier: waiting for the shipper, accepted, or sent back (deliver again). */
export type PodState = { label: string; color: string; note: string | null };

export function podState(pod: Pod | null): PodState | null {
  if (!pod) {
    return null;
  }
  if (pod.status === 'accepted') {
    return { label: 'POD accepted', color: 'green', note: pod.decidedByName ? `by ${pod.decidedByName}` : null };
  }
  if (pod.status === 'rejected') {
    return { label: 'POD sent back', color: 'red', note: pod.decisionReason };
  }
  return { label: 'POD submitted', color: 'blue', note: 'Waiting for the shipper to accept it' };
}
