import { ApiError, isUnsure } from './api.ts';
import { hasKeptMoves, keepMove, type MoveToKeep, postMove, sendWaitingMoves } from './outbox.ts';

/**
 * How a field move went: sent (with the server's answer), or kept on the device to send later
 * (`behind`: kept because earlier moves of its record still wait, and sent after them at once).
 */
export type SentOrKept<T> = { kind: 'sent'; answer: T } | { kind: 'kept'; behind: boolean };

/**
 * One field move (a gate move, a carrier's, a driver's through the trip link): sent now, or kept on
 * the device (lib/outbox.ts, record 0270) when there is no network, when the answer leaves it unsure
 * (no answer, 408, 429, 5xx), or when earlier moves of its record still wait (it goes after them).
 * It is kept under the key of its first try: had that try landed after all, the kept one is answered
 * with the first answer when it is sent, and the move is never made twice. A refusal (400, 409…) is
 * thrown for the screen to show.
 */
export async function sendOrKeep<T>(move: MoveToKeep): Promise<SentOrKept<T>> {
  const behind = move.group ? hasKeptMoves(move.group) : false;
  if (!navigator.onLine || behind) {
    await keepMove(move);
    if (behind) {
      void sendWaitingMoves();
    }
    return { kind: 'kept', behind };
  }
  try {
    return { kind: 'sent', answer: await postMove<T>(move) };
  } catch (err) {
    if (err instanceof ApiError && isUnsure(err.status)) {
      await keepMove(move);
      return { kind: 'kept', behind: false };
    }
    throw err;
  }
}
