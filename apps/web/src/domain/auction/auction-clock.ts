import type { RequestStatus } from '@freightdesk/shared/status/request';

/** What a bid window's clock reads: the request's status and its window. */
export type BidWindow = { status: RequestStatus | string; bidStartAt: string; bidEndAt: string };

const pad = (n: number) => String(n).padStart(2, '0');

/** Time left as a dispatcher reads it at a glance: `2d 03h 15m`, `1h 05m 09s`, `4m 09s`, `9s`. */
export function formatCountdown(ms: number): string {
  const total = Math.max(0, Math.floor(ms / 1000));
  const d = Math.floor(total / 86_400);
  const h = Math.floor((total % 86_400) / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = total % 60;
  if (d > 0) {
    return `${d}d ${pad(h)}h ${pad(m)}m`;
  }
  if (h > 0) {
    return `${h}h ${pad(m)}m ${pad(s)}s`;
  }
  return m > 0 ? `${m}m ${pad(s)}s` : `${s}s`;
}

export type AuctionClock = {
  /** 'Starts in', 'Ends in', or a state once the time has run out. */
  label: string;
  /** The countdown text; empty when there is nothing to count. */
  left: string;
  /** red: under 5 minutes to the end; orange: under 30; blue: not started; gray: over. */
  color: 'red' | 'orange' | 'blue' | 'gray' | 'dark';
};

/**
 * What the clock on a request shows at `now`: the time to bid start while scheduled, to bid end
 * while open, and a waiting state once that time passed but the server has not moved it yet.
 */
export function auctionClock(r: BidWindow, now: number): AuctionClock {
  if (r.status === 'scheduled') {
    const ms = Date.parse(r.bidStartAt) - now;
    return ms > 0 ? { label: 'Starts in', left: formatCountdown(ms), color: 'blue' } : { label: 'Opening…', left: '', color: 'blue' };
  }
  if (r.status === 'open') {
    const ms = Date.parse(r.bidEndAt) - now;
    if (ms <= 0) {
      return { label: 'Closing…', left: '', color: 'gray' };
    }
    const color = ms < 5 * 60_000 ? 'red' : ms < 30 * 60_000 ? 'orange' : 'dark';
    return { label: 'Ends in', left: formatCountdown(ms), color };
  }
  return { label: 'Bidding closed', left: '', color: 'gray' };
}

/**
 * The bid end to show: the latest of what the request says and what a live event announced (an
 * anti-sniping extension arrives on the socket before the refetched request does).
 */
export function latestBidEnd(requestEnd: string, announced: string | undefined): string {
  return announced && Date.parse(announced) > Date.parse(requestEnd) ? announced : requestEnd;
}
