import { canMoveOrder, type OrderStatus, orderDirection, orderStatusLabel } from '@freightdesk/shared/status/order';
import type { DbOrTx } from '../../db/client.ts';
import { AppError, notFound } from '../../lib/errors.ts';
import { addOrderEvent } from '../../repositories/order-events.repository.ts';
import { announcePlantOrder } from '../../lib/realtime.ts';
import { ORDER_MOVE_EVENTS, recordOrderEvent } from '../../lib/webhook-emits.ts';
import { orderMoveState, updateOrder } from '../../repositories/order-moves.repository.ts';
import { figureSoon } from '../emissions/emissions-soon.ts';
import { fixLinkExpiries } from '../tracking/link-expiry.ts';

/**
 * An order's moves along its direction's status machine (orders.service.ts re-exports them): the
 * status, the time each move stamps, and the timeline row, inside the caller's transaction.
 */

/** What a move may carry: the vehicle and driver it assigns, why, when, and a vehicle mismatch at the gate. */
export type OrderMovePatch = Partial<{
  vehicleNumber: string;
  driverName: string;
  driverMobile: string;
  /**
   * The driver's licence and date of birth for SARATHI (issue 37); cleared when a move gives none,
   * unless `keepLicence` (a vehicle change with the same driver) leaves the order's as they are.
   */
  driverLicenceNumber: string;
  driverDob: string;
  keepLicence: boolean;
  reason: string;
  /** When it happened (a time typed at the gate, a POD's delivered at); now when not given. */
  at: Date;
  vehicleMismatch: boolean;
}>;

/** The time each move stamps on the order: the lists' date filters, turnaround and reports read them. */
const STATUS_STAMPS: Partial<
  Record<OrderStatus, 'rejectedAt' | 'reportedAt' | 'gateInAt' | 'gateOutAt' | 'arrivedAt' | 'deliveredAt' | 'closedAt' | 'cancelledAt'>
> = {
  rejected: 'rejectedAt',
  reported: 'reportedAt',
  gate_in: 'gateInAt',
  gate_out: 'gateOutAt',
  arrived: 'arrivedAt',
  delivered: 'deliveredAt',
  closed: 'closedAt',
  cancelled: 'cancelledAt',
};

const MINUTE = 60_000;

/** 409: the move is not on the order's road (or the order moved meanwhile). */
export function illegalMove(from: OrderStatus, to: OrderStatus, direction: 1 | 2) {
  const now = orderStatusLabel(from, direction);
  const next = orderStatusLabel(to, direction);
  const message = from === to ? `This order is already ${now}.` : `This order is ${now} now: it cannot move to ${next}.`;
  return new AppError(409, 'INVALID_TRANSITION', message);
}

/**
 * Moves an order along its direction's status machine inside the caller's transaction (which holds
 * the order's row lock): the status, the time the move stamps (with the reason of a cancel or
 * reject, the turnaround at gate out), vehicle details, and a timeline row with who (`by`; null for
 * the platform itself), when and why. Tells the gate boards of the order's plant after commit.
 * Refuses a move the machine does not allow, or from a status the order is no longer in (409).
 */
/** The vehicle and driver a move sets (an assignment or a vehicle change). */
function vehicleColumns(patch: OrderMovePatch) {
  return {
    vehicleNumber: patch.vehicleNumber,
    driverName: patch.driverName,
    driverMobile: patch.driverMobile,
    ...(patch.keepLicence ? {} : { driverLicenceNumber: patch.driverLicenceNumber ?? null, driverDob: patch.driverDob ?? null }),
  };
}

export async function moveOrder(
  tx: DbOrTx,
  orderId: number,
  from: OrderStatus,
  to: OrderStatus,
  by: number | null,
  patch: OrderMovePatch = {},
): Promise<void> {
  const order = await orderMoveState(tx, orderId);
  if (!order) {
    throw notFound('Order');
  }
  const direction = orderDirection(order.requestType);
  if (order.status !== from || !canMoveOrder(from, to, direction)) {
    throw illegalMove(order.status as OrderStatus, to, direction);
  }
  const now = new Date();
  const at = patch.at ?? now;
  // A same-status move (a vehicle change) is no new report: the time the status began stays.
  const stamp = from === to ? undefined : STATUS_STAMPS[to];
  const vehicle = patch.vehicleNumber !== undefined && (to === 'vehicle_assigned' || from === to);
  await updateOrder(tx, orderId, {
    status: to,
    updatedAt: now,
    ...(stamp ? { [stamp]: at } : {}),
    ...(to === 'rejected' ? { rejectReason: patch.reason ?? null } : {}),
    ...(to === 'cancelled' ? { cancelReason: patch.reason ?? null } : {}),
    ...(to === 'gate_out' && order.reportedAt
      ? { turnaroundMinutes: Math.round((at.getTime() - order.reportedAt.getTime()) / MINUTE) }
      : {}),
    // A POD sent back: the order is not delivered until the next one.
    ...(from === 'delivered' && to === 'arrived' ? { deliveredAt: null } : {}),
    ...(patch.vehicleMismatch ? { vehicleMismatch: true } : {}),
    ...(vehicle ? vehicleColumns(patch) : {}),
  });
  if (from !== to) {
    // At an end, its public links' expiry is fixed, once: the end plus the grace as it is today.
    await fixLinkExpiries(tx, { id: orderId, industryId: order.industryId }, to, at);
    // Issue 37: a load whose trip ended gets its emissions figure at the job's next poll.
    await figureSoon(tx, from, to);
  }
  await addOrderEvent(tx, {
    orderId,
    fromStatus: from,
    toStatus: to,
    by,
    reason: patch.reason ?? (patch.vehicleNumber ? `vehicle ${patch.vehicleNumber}` : null),
    at,
  });
  await announcePlantOrder(tx, { plantId: order.plantId, orderId, requestType: order.requestType, status: to });
  if (from !== to && to in ORDER_MOVE_EVENTS) {
    await recordOrderEvent(tx, ORDER_MOVE_EVENTS[to as keyof typeof ORDER_MOVE_EVENTS], orderId, at);
  }
}

/** Refuses (409) a move the order's road does not allow from its status now: before any other check or write. */
export function assertMove(row: { status: OrderStatus; requestType: number }, to: OrderStatus): void {
  const direction = orderDirection(row.requestType);
  if (!canMoveOrder(row.status, to, direction)) {
    throw illegalMove(row.status, to, direction);
  }
}
