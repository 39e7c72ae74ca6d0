import type { BidWindow } from './auction-clock.ts';

/** While the page's clock is past a deadline the server has not acted on yet, ask it again this often. */
export const PAST_DEADLINE_RETRY_MS = 5000;
/** setTimeout holds at most 2^31 − 1 ms (about 24.8 days); a later deadline is re-armed on the way. */
const MAX_TIMER_MS = 2 ** 31 - 1;

/** The time the server is due to move the request: its bid start while scheduled, its end while open. */
const deadlineOf = (w: BidWindow) =>
  w.status === 'scheduled' ? Date.parse(w.bidStartAt) : w.status === 'open' ? Date.parse(w.bidEndAt) : undefined;

/**
 * When the page should next read the request from the server, by its own clock: at bid start while
 * scheduled, at bid end while open, and every `PAST_DEADLINE_RETRY_MS` once that time has passed
 * but the status has not moved; never once bidding is over. A live event may be missed (a tab
 * opened just after the end, a dropped socket): the state after a deadline comes from the server.
 */
export function nextServerCheckIn(w: BidWindow, now: number): number | undefined {
  const deadline = deadlineOf(w);
  if (deadline === undefined) {
    return undefined;
  }
  const ms = deadline - now;
  return ms > 0 ? Math.min(ms, MAX_TIMER_MS) : PAST_DEADLINE_RETRY_MS;
}

/**
 * Calls `refetch` each time the window's deadline passes (see `nextServerCheckIn`), reading the
 * latest window before each wait. Answers the function that stops it.
 */
export function watchDeadline(read: () => BidWindow | undefined, refetch: () => void, now: () => number = Date.now): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  let stopped = false;
  const arm = () => {
    const w = read();
    const ms = w && nextServerCheckIn(w, now());
    if (stopped || !w || ms === undefined) {
      return;
    }
    timer = setTimeout(() => {
      // The window as it is now: the server may have moved it while this timer waited.
      const due = deadlineOf(read() ?? w);
      if (due !== undefined && due <= now()) {
        refetch();
      }
      arm();
    }, ms);
  };
  arm();
  return () => {
    stopped = true;
    clearTimeout(timer);
  };
}
