import type { OutboxEntry } from './outbox-store.ts';

/**
 * A list as the person's kept moves leave it (issue 35, decisions 0301 and 0309): a record whose
 * moves all wait in the outbox is shown in the state they lead to, marked "Waiting to send", with
 * the move after them offered; one of whose kept moves was refused shows the server's state with
 * the one its moves led to beside it, and offers no move while moves of it still wait or are held.
 * Pure: the gate board (features/gate/kept-board.ts) and the carrier's orders
 * (features/carrier-portal/kept-orders.ts) each say how a move reads and what it does to a row.
 */

/** A kept move as a screen reads it: its record, the move, and the outbox entry. */
export type KeptMove<M> = { recordId: number; move: M; entry: OutboxEntry };

/** How a screen projects its rows: which entries are its moves, and a row after them. */
export type Projection<R, M, S> = {
  /** The record and move of an entry of this screen, or null (another screen's, or not a move). */
  read: (entry: Pick<OutboxEntry, 'path'>) => { recordId: number; move: M } | null;
  /** A row's id, matched with `recordId`. */
  idOf: (row: R) => number;
  /** The row after one kept move. */
  apply: (row: R, move: KeptMove<M>) => R;
  /** The state a row is shown in (a status, a board column). */
  stateOf: (row: R) => S;
};

/** What the outbox holds for a row: its moves wait, or one was refused (`held`: later ones still wait or are held). */
export type KeptMark<S> = { kind: 'waiting' | 'refused'; serverState: S; keptState: S; held: boolean };

/** A row as shown: projected, with its mark, and whether it may offer moves (`false` while held). */
export type Projected<R, S> = { row: R; kept: KeptMark<S> | null; movable: boolean };

/** The kept moves of each record, in the order they were made. */
export function keptByRecord<M>(
  entries: readonly OutboxEntry[],
  read: Projection<unknown, M, unknown>['read'],
): Map<number, KeptMove<M>[]> {
  const out = new Map<number, KeptMove<M>[]>();
  for (const entry of [...entries].sort((a, b) => a.id - b.id)) {
    const found = read(entry);
    if (found) {
      out.set(found.recordId, [...(out.get(found.recordId) ?? []), { ...found, entry }]);
    }
  }
  return out;
}

/** One row after its record's kept moves. */
export function projectRow<R, M, S>(row: R, moves: readonly KeptMove<M>[], p: Projection<R, M, S>): Projected<R, S> {
  if (moves.length === 0) {
    return { row, kept: null, movable: true };
  }
  const after = moves.reduce((r, m) => p.apply(r, m), row);
  const mark = { serverState: p.stateOf(row), keptState: p.stateOf(after) };
  if (moves.some((m) => m.entry.state !== 'waiting')) {
    // The server's word stands: its row and moves, the person's state beside it.
    const held = moves.some((m) => m.entry.state === 'waiting' || m.entry.state === 'blocked');
    return { row, kept: { kind: 'refused', ...mark, held }, movable: !held };
  }
  return { row: after, kept: { kind: 'waiting', ...mark, held: false }, movable: true };
}

/** Every row after the kept moves of its record (entries of other screens are left alone). */
export function projectRows<R, M, S>(rows: readonly R[], entries: readonly OutboxEntry[], p: Projection<R, M, S>): Projected<R, S>[] {
  const byRecord = keptByRecord(entries, p.read);
  return rows.map((row) => projectRow(row, byRecord.get(p.idOf(row)) ?? [], p));
}
