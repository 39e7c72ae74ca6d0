import type { GateBoardRow, GateState } from '@freightdesk/shared/schemas/execution';
import { gateActionsOf, gateStateOf } from '@freightdesk/shared/status/gate';
import { type OrderStatus, orderStatusLabel } from '@freightdesk/shared/status/order';
import type { OutboxEntry } from '../../lib/outbox.ts';
import type { GateCall } from './api/post-gate-move.ts';
import type { Dir } from './gate-helpers.ts';

/**
 * The board as the guard's kept moves leave it (issue 35, decision 0301): a vehicle whose moves wait
 * in the outbox is shown where they lead, marked as waiting, and offers the move after them; one
 * whose kept move was refused shows the server's state beside the one the guard's moves led to.
 * Pure: the board's rows and the outbox's entries in, the rows and counts to show out.
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

/** What the outbox holds for a row. */
export type KeptMark = {
  /** `waiting`: its moves wait to be sent; `refused`: one was refused (the later ones are held). */
  kind: 'waiting' | 'refused';
  /** The server's state, as the board last heard it. */
  serverState: GateState;
  /** Where the guard's kept moves lead. */
  keptState: GateState;
  /**
   * After a refusal, moves of the vehicle still wait or are held: the card offers no move until the
   * guard retries or dismisses them, so a new one is not made blindly behind them.
   */
  held: boolean;
};
export type ShownRow = GateBoardRow & { kept: KeptMark | null };

type Kept = { call: GateCall; entry: OutboxEntry };

const timeOf = (entry: OutboxEntry): string | null => {
  const at = (entry.body as { at?: unknown } | null)?.at;
  return typeof at === 'string' ? at : null;
};

/** One row after its vehicle's kept moves, in the order they were made. */
function project(row: GateBoardRow, moves: readonly Kept[], dir: Dir): ShownRow {
  if (moves.length === 0) {
    return { ...row, kept: null };
  }
  let { status, gateInAt, gateOutAt } = row;
  for (const { call, entry } of moves) {
    status = STATUS_AFTER[call];
    gateInAt = call === 'gate-in' ? (timeOf(entry) ?? gateInAt) : gateInAt;
    gateOutAt = call === 'gate-out' ? (timeOf(entry) ?? gateOutAt) : gateOutAt;
  }
  const keptState = gateStateOf(status);
  if (moves.some((m) => m.entry.state !== 'waiting')) {
    // The server's word stands: its state and moves, the guard's state beside it.
    const held = moves.some((m) => m.entry.state === 'waiting' || m.entry.state === 'blocked');
    return { ...row, actions: held ? [] : row.actions, kept: { kind: 'refused', serverState: row.state, keptState, held } };
  }
  const direction = dir === 'inbound' ? 2 : 1;
  return {
    ...row,
    status,
    statusLabel: orderStatusLabel(status, direction),
    state: keptState,
    gateInAt,
    gateOutAt,
    actions: gateActionsOf(status, direction, row.source),
    kept: { kind: 'waiting', serverState: row.state, keptState, held: false },
  };
}

/** The board's rows after the kept moves of `dir` (entries of other screens are left alone). */
export function keptRows<R extends GateBoardRow>(rows: readonly R[], entries: readonly OutboxEntry[], dir: Dir): (R & ShownRow)[] {
  const byOrder = new Map<number, Kept[]>();
  for (const entry of [...entries].sort((a, b) => a.id - b.id)) {
    const move = keptGateMove(entry, dir);
    if (move) {
      byOrder.set(move.orderId, [...(byOrder.get(move.orderId) ?? []), { call: move.call, entry }]);
    }
  }
  return rows.map((row) => ({ ...row, ...project(row, byOrder.get(row.orderId) ?? [], dir) }));
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
