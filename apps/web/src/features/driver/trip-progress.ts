import type { OutboxEntry } from '../../lib/outbox.ts';
import { TRIP_MOVES, type TripMove } from './api/trip.ts';

const isMove = (v: string | undefined): v is TripMove => (TRIP_MOVES as readonly string[]).includes(v ?? '');

/** The move a kept entry makes (the last part of its call: `/trip/{token}/arrive`). */
export function moveOf(entry: Pick<OutboxEntry, 'path'>): TripMove | null {
  const last = entry.path.split('/').at(-1);
  return isMove(last) ? last : null;
}

/** The moves made on this phone and waiting to be sent, in trip order. */
export function waitingMoves(entries: readonly Pick<OutboxEntry, 'path' | 'state'>[]): TripMove[] {
  const made = new Set(entries.filter((e) => e.state === 'waiting').map(moveOf));
  return TRIP_MOVES.filter((m) => made.has(m));
}

/**
 * The driver's next move: after a move waiting to be sent, the one that follows it (arrived
 * offline: the POD is next), else the first the server allows now; null when none is left.
 */
export function nextMove(allowed: readonly TripMove[], waiting: readonly TripMove[]): TripMove | null {
  const last = waiting.at(-1);
  if (last) {
    return TRIP_MOVES[TRIP_MOVES.indexOf(last) + 1] ?? null;
  }
  return TRIP_MOVES.find((m) => allowed.includes(m)) ?? null;
}
