import { useMutation, useQueryClient } from '@tanstack/react-query';
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
  return () => void client.invalidateQueries({ queryKey: CARRIER_ORDERS_KEY });
}

/** The licence number and date of birth (optional, both or neither) let SARATHI check the driver (issue 37). */
export type AssignBody = {
  vehicleNumber: string;
  driverName: string;
  driverMobile: string;
  driverLicenceNumber?: string;
  driverDob?: string;
};

/** `POST /api/carrier/orders/:id/assign` (carrier users): the vehicle and driver of a placed order (accepting it). */
export const assignVehicle = (orderId: number, body: AssignBody) => api.post<{ data: Order }>(`/carrier/orders/${orderId}/assign`, body);

export function useAssignVehicle(orderId: number) {
  const invalidate = useInvalidateOrders();
  return useMutation({ mutationFn: (body: AssignBody) => assignVehicle(orderId, body), onSuccess: invalidate });
}

/** `POST /api/carrier/orders/:id/reject` (carrier users): the placed order goes back to the shipper, with an optional reason. */
export const rejectOrder = (orderId: number, reason: string | undefined) =>
  api.post<{ data: Order }>(`/carrier/orders/${orderId}/reject`, { reason });

export function useRejectOrder(orderId: number) {
  const invalidate = useInvalidateOrders();
  return useMutation({ mutationFn: (reason: string | undefined) => rejectOrder(orderId, reason), onSuccess: invalidate });
}

export type RoadMove = 'report' | 'arrive';

/** The outbox screen of the carrier's moves kept without network (lib/outbox.ts): listed on My orders. */
export const CARRIER_OUTBOX = 'carrier-orders';

/** A kept move's words: the move, the vehicle (or order) and when it was made. */
const keptLabel = (what: string, order: Order, at: string) =>
  `${what} ${order.vehicleNumber ?? order.number} (${order.number}) at ${formatDateTime(at)}`;

/**
 * `POST /api/carrier/orders/:id/report|arrive` (carrier users): reported at the plant, arrived at
 * the destination, with optional remarks and the time the tap was made; without network it is kept
 * on the device and sent when the network returns (lib/outbox-send.ts).
 */
export function sendRoadMove(order: Order, move: RoadMove, title: string, remarks: string | undefined) {
  const at = new Date().toISOString();
  return sendOrKeep<{ data: Order }>({
    key: newIdempotencyKey(),
    path: `/carrier/orders/${order.id}/${move}`,
    body: { remarks, at },
    label: keptLabel(title, order, at),
    scope: CARRIER_OUTBOX,
    group: `carrier-order:${order.id}`,
  });
}

/** `POST /api/carrier/orders/:id/deliver` (carrier users, multipart): delivered, with the POD file and its fields; kept without network. */
export function sendDelivery(order: Order, parts: OutboxPart[]) {
  return sendOrKeep<{ data: Order }>({
    key: newIdempotencyKey(),
    path: `/carrier/orders/${order.id}/deliver`,
    body: null,
    parts,
    label: keptLabel('Delivered with POD', order, new Date().toISOString()),
    scope: CARRIER_OUTBOX,
    group: `carrier-order:${order.id}`,
  });
}

/** `POST /api/carrier/orders/:id/vehicle` (carrier users): another vehicle or driver, with the reason. */
export const changeVehicle = (orderId: number, body: ChangeVehicleBody) =>
  api.post<{ data: Order }>(`/carrier/orders/${orderId}/vehicle`, body);

/** `POST /api/carrier/orders/:id/consignment-note` (carrier users): the note in the carrier's series, packages optional. */
export const makeConsignmentNote = (orderId: number, packages: number | undefined) =>
  api.post<{ data: ConsignmentNoteView }>(`/carrier/orders/${orderId}/consignment-note`, { packages });

export function useMakeConsignmentNote(orderId: number) {
  const invalidate = useInvalidateOrders();
  return useMutation({ mutationFn: (packages: number | undefined) => makeConsignmentNote(orderId, packages), onSuccess: invalidate });
}
