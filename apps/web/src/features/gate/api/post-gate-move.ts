import type { GateBoardRow } from '@freightdesk/shared/schemas/gate-board';
import type { Order } from '@freightdesk/shared/schemas/order';
import { newIdempotencyKey } from '../../../lib/api.ts';
import { formatDateTime } from '../../../lib/format.ts';
import { type SentOrKept, sendOrKeep } from '../../../lib/outbox-send.ts';
import { type Dir, GATE_CALL_LABEL, keptGroup, outboxScope } from '../gate-helpers.ts';

/** The call of each gate move under `/api/orders/{dir}/:id/`. */
export type GateCall = 'gate-in' | 'loaded' | 'unloaded' | 'gate-out';

/** A gate move: its direction, the board's row and the call. */
export type GateMove = { dir: Dir; row: GateBoardRow; call: GateCall };

/** What a kept gate move is listed as: the guard's words (gate catalogue) and their values. */
export function gateMoveWords({ row, call }: GateMove, at: string) {
  const values = { vehicle: row.vehicleNumber ?? row.orderNumber, order: row.orderNumber, at: formatDateTime(at) };
  return { key: `gate:kept.${call}`, values, label: `${GATE_CALL_LABEL[call]} ${values.vehicle} (${values.order}) at ${values.at}` };
}

/**
 * `POST /api/orders/{dir}/:id/{gate-in|loaded|unloaded|gate-out}` [gate-in-out]: one gate move at
 * `at` (the time it was made), through the one send-or-keep (lib/outbox-send.ts): sent now, or kept
 * on the device without network (or behind the vehicle's earlier kept moves) and sent in order when
 * it returns. A refusal is thrown: 409 when another guard or tab moved the vehicle first.
 */
export function sendGateMove(move: GateMove, body: object, at: string): Promise<SentOrKept<{ data: Order }>> {
  const { dir, row, call } = move;
  const { key, values, label } = gateMoveWords(move, at);
  return sendOrKeep<{ data: Order }>({
    key: newIdempotencyKey(),
    path: `/orders/${dir}/${row.orderId}/${call}`,
    body: { ...body, at },
    label,
    scope: outboxScope(dir),
    group: keptGroup(dir, row.orderId),
    words: { key, values },
  });
}
