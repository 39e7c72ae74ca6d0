import type { Order } from '@freightdesk/shared/schemas/order';
import type { OrderStatus } from '@freightdesk/shared/status/order';
import type { OutboxEntry } from '../../lib/outbox.ts';
import { type KeptMark, type Projection, projectRows } from '../../lib/outbox-projection.ts';
import { type CarrierAction, carrierActions } from './order-moves.ts';

/**
 * My orders as the carrier's kept moves leave them (issue 35, decision 0309), as the gate board
 * does (0301), on the one projection of kept moves (lib/outbox-projection.ts): an order whose moves
 * wait on the phone is shown in the status they lead to (with the vehicle an assign or a change
 * puts on it), marked "Waiting to send", its next move offered; one whose kept move was refused
 * shows the server's order with "Not applied: <status its moves led to>" beside it, and no move
 * while moves of it still wait or are held. Pure: the table's rows and the cards both use it.
 */

/** The carrier's calls under `/api/carrier/orders/:id/` that the outbox keeps. */
export type KeptOrderCall = 'assign' | 'vehicle' | 'reject' | 'report' | 'arrive' | 'deliver';

const KEPT_PATH = /^\/carrier\/orders\/(\d+)\/(assign|vehicle|reject|report|arrive|deliver)$/;

/** The status each kept call leads to (a change of vehicle keeps the status). */
const STATUS_AFTER: Record<Exclude<KeptOrderCall, 'vehicle'>, OrderStatus> = {
  assign: 'vehicle_assigned',
  reject: 'rejected',
  report: 'reported',
  arrive: 'arrived',
  deliver: 'delivered',
};

/** The order and the call of a kept move of the carrier's orders, read from where it is sent. */
export function keptOrderMove(entry: Pick<OutboxEntry, 'path'>): { recordId: number; move: KeptOrderCall } | null {
  const m = KEPT_PATH.exec(entry.path);
  return m ? { recordId: Number(m[1]), move: m[2] as KeptOrderCall } : null;
}

/** A text field of a kept JSON body (null when absent). */
function textOf(entry: OutboxEntry, name: string): string | null {
  const value = (entry.body as Record<string, unknown> | null)?.[name];
  return typeof value === 'string' ? value : null;
}

/** The vehicle and driver an assign or a change puts on the order. */
const vehicleOf = (entry: OutboxEntry, o: Order) => ({
  vehicleNumber: textOf(entry, 'vehicleNumber') ?? o.vehicleNumber,
  driverName: textOf(entry, 'driverName') ?? o.driverName,
  driverMobile: textOf(entry, 'driverMobile') ?? o.driverMobile,
});

/** The order after one kept move. */
function applyMove(o: Order, call: KeptOrderCall, entry: OutboxEntry): Order {
  switch (call) {
    case 'vehicle':
      return { ...o, ...vehicleOf(entry, o) };
    case 'assign':
      return { ...o, ...vehicleOf(entry, o), status: STATUS_AFTER.assign };
    case 'reject':
      return { ...o, status: 'rejected', rejectedAt: entry.createdAt, rejectReason: textOf(entry, 'reason') };
    case 'deliver':
      return { ...o, status: 'delivered', podSentBackReason: null };
    default:
      return { ...o, status: STATUS_AFTER[call] };
  }
}

const ORDERS: Projection<Order, KeptOrderCall, OrderStatus> = {
  read: keptOrderMove,
  idOf: (o) => o.id,
  stateOf: (o) => o.status,
  apply: (o, { move, entry }) => applyMove(o, move, entry),
};

/** An order as My orders shows it: after its kept moves, what waits or was refused, and the moves it offers. */
export type ShownOrder = Order & { kept: KeptMark<OrderStatus> | null; moves: CarrierAction[] };

/** The carrier's orders after their kept moves (entries of other screens are left alone). */
export function keptOrders(rows: readonly Order[], entries: readonly OutboxEntry[]): ShownOrder[] {
  return projectRows(rows, entries, ORDERS).map(({ row, kept, movable }) => ({
    ...row,
    kept,
    moves: movable ? carrierActions(row) : [],
  }));
}
