import type { GateBoardRow, GateState } from '@freightdesk/shared/schemas/gate-board';
import { gateActionsOf, gateStateOf } from '@freightdesk/shared/status/gate';
import { type OrderStatus, orderStatusLabel } from '@freightdesk/shared/status/order';
import type { OutboxEntry } from '../../lib/outbox.ts';
import { type KeptMark as OutboxMark, type Projection, projectRows } from '../../lib/outbox-projection.ts';
import type { GateCall } from './api/post-gate-move.ts';
import type { Dir } from './gate-helpers.ts';

/**
 * The board as the guard's kept moves leave it (issue 35, decision 0301): a vehicle whose moves wait
 * in the outbox is shown where they lead, marked as waiting, and offers the move after them; one
 * whose kept move was refused shows the server's state beside the one the guard's moves led to.
 * Pure, on the one projection of kept moves (lib/outbox-projection.ts): the board's rows and the
 * outbox's entries in, the rows and counts to show out.
 */

const STATUS_AFTER: Record<GateCall, OrderStatus> = {
  'gate-in': 'gate_in',
  loaded: 'loaded',
  unloaded: 'unloaded',
  'gate-out': 'gate_out',
};
const KEPT_PATH = /^\/orders\/(outbound|inbound)\/(\d+)\/(gate-in|loaded|unloaded|gate-out)$/;

/** The record of a kept gate move: its direction's order and the gate call, read from where it is sent. */
export function keptGateMove(entry: Pick<OutboxEntry, 'path'>, dir: Dir): { orderId: number; call: GateCall } | null {
  const m = KEPT_PATH.exec(entry.path);
  return m && m[1] === dir ? { orderId: Number(m[2]), call: m[3] as GateCall } : null;
}

/** What the outbox holds for a row (lib/outbox-projection.ts): its moves wait, or one was refused. */
export type KeptMark = OutboxMark<GateState>;
export type ShownRow = GateBoardRow & { kept: KeptMark | null };

const timeOf = (entry: OutboxEntry): string | null => {
  const at = (entry.body as { at?: unknown } | null)?.at;
  return typeof at === 'string' ? at : null;
};

/** How the board's rows of one direction follow the guard's kept moves. */
function boardProjection<R extends GateBoardRow>(dir: Dir): Projection<R, GateCall, GateState> {
  const direction = dir === 'inbound' ? 2 : 1;
  return {
    read: (entry) => {
      const move = keptGateMove(entry, dir);
      return move && { recordId: move.orderId, move: move.call };
    },
    idOf: (row) => row.orderId,
    stateOf: (row) => row.state,
    apply: (row, { move: call, entry }) => {
      const status = STATUS_AFTER[call];
      return {
        ...row,
        status,
        statusLabel: orderStatusLabel(status, direction),
        state: gateStateOf(status),
        gateInAt: call === 'gate-in' ? (timeOf(entry) ?? row.gateInAt) : row.gateInAt,
        gateOutAt: call === 'gate-out' ? (timeOf(entry) ?? row.gateOutAt) : row.gateOutAt,
        actions: gateActionsOf(status, direction, row.source),
      };
    },
  };
}

/** The board's rows after the kept moves of `dir` (entries of other screens are left alone). */
export function keptRows<R extends GateBoardRow>(rows: readonly R[], entries: readonly OutboxEntry[], dir: Dir): (R & ShownRow)[] {
  return projectRows(rows, entries, boardProjection<R>(dir)).map(({ row, kept, movable }) => ({
    ...row,
    actions: movable ? row.actions : [],
    kept,
  }));
}

/** The day's counts once the shown rows moved: each row counted in the state it is shown in. */
export function keptCounts(counts: Record<GateState, number>, rows: readonly ShownRow[]): Record<GateState, number> {
  const out = { ...counts };
  for (const row of rows) {
    if (row.kept && row.state !== row.kept.serverState) {
      out[row.kept.serverState] = Math.max(0, out[row.kept.serverState] - 1);
      out[row.state] += 1;
    }
  }
  return out;
}
