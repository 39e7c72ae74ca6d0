import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import type { ConsignmentNoteView } from '@freightdesk/shared/schemas/consignment-note';
import type { ChangeVehicleBody } from '@freightdesk/shared/schemas/execution';
import type { Order } from '@freightdesk/shared/schemas/order';
import { api, newIdempotencyKey } from '../../../lib/api.ts';
import { formatDateTime } from '../../../lib/format.ts';
import type { OutboxPart } from '../../../lib/outbox.ts';
import { sendOrKeep } from '../../../lib/outbox-send.ts';
import { CARRIER_ORDERS_KEY } from './carrier-orders.ts';

/** Every move changes the order: its lists, its panel and the vehicles offered are under the orders' key. */
export function useInvalidateOrders() {
  const client = useQueryClient();
  return useCallback(() => void client.invalidateQueries({ queryKey: CARRIER_ORDERS_KEY }), [client]);
}

/** The licence number and date of birth (optional, both or neither) let SARATHI check the driver (issue 37). */
export type AssignBody = {
  vehicleNumber: string;
  driverName: string;
  driverMobile: string;
  driverLicenceNumber?: string;
  driverDob?: string;
};

export type RoadMove = 'report' | 'arrive';

/** The outbox screen of the carrier's moves kept without network (lib/outbox.ts): listed on My orders. */
export const CARRIER_OUTBOX = 'carrier-orders';

/** A kept move's words: the move, the vehicle (or order) and when it was made. */
const keptLabel = (what: string, order: Order, at: string) =>
  `${what} ${order.vehicleNumber ?? order.number} (${order.number}) at ${formatDateTime(at)}`;

/** A move of one order through the one send-or-keep: sent now, or kept on the phone and sent in order when the network returns. */
function sendOrderMove(order: Order, call: string, label: string, body: object | null, parts?: OutboxPart[]) {
  return sendOrKeep<{ data: Order }>({
    key: newIdempotencyKey(),
    path: `/carrier/orders/${order.id}/${call}`,
    body,
    ...(parts ? { parts } : {}),
    label,
    scope: CARRIER_OUTBOX,
    group: `carrier-order:${order.id}`,
  });
}

/**
 * `POST /api/carrier/orders/:id/assign` (carrier users): the vehicle and driver of a placed order
 * (accepting it); kept without network, the order shown assigned and waiting (kept-orders.ts).
 */
export function sendAssign(order: Order, body: AssignBody) {
  const label = keptLabel('Assign vehicle', { ...order, vehicleNumber: body.vehicleNumber }, new Date().toISOString());
  return sendOrderMove(order, 'assign', label, body);
}

/** `POST /api/carrier/orders/:id/vehicle` (carrier users): another vehicle or driver, with the reason; kept without network. */
export function sendVehicleChange(order: Order, body: ChangeVehicleBody) {
  const label = keptLabel('Change vehicle to', { ...order, vehicleNumber: body.vehicleNumber }, new Date().toISOString());
  return sendOrderMove(order, 'vehicle', label, body);
}

/** `POST /api/carrier/orders/:id/reject` (carrier users): the placed order goes back to the shipper, with an optional reason; kept without network. */
export function sendReject(order: Order, reason: string | undefined) {
  return sendOrderMove(order, 'reject', `Reject ${order.number} at ${formatDateTime(new Date().toISOString())}`, { reason });
}

/**
 * `POST /api/carrier/orders/:id/report|arrive` (carrier users): reported at the plant, arrived at
 * the destination, with optional remarks and the time the tap was made; without network it is kept
 * on the device and sent when the network returns (lib/outbox-send.ts).
 */
export function sendRoadMove(order: Order, move: RoadMove, title: string, remarks: string | undefined) {
  const at = new Date().toISOString();
  return sendOrderMove(order, move, keptLabel(title, order, at), { remarks, at });
}

/** `POST /api/carrier/orders/:id/deliver` (carrier users, multipart): delivered, with the POD file and its fields; kept without network. */
export function sendDelivery(order: Order, parts: OutboxPart[]) {
  return sendOrderMove(order, 'deliver', keptLabel('Delivered with POD', order, new Date().toISOString()), null, parts);
}

/** `POST /api/carrier/orders/:id/consignment-note` (carrier users): the note in the carrier's series, packages optional. */
export const makeConsignmentNote = (orderId: number, packages: number | undefined) =>
  api.post<{ data: ConsignmentNoteView }>(`/carrier/orders/${orderId}/consignment-note`, { packages });

export function useMakeConsignmentNote(orderId: number) {
  const invalidate = useInvalidateOrders();
  return useMutation({ mutationFn: (packages: number | undefined) => makeConsignmentNote(orderId, packages), onSuccess: invalidate });
}
