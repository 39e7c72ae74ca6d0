import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { BidWindow } from './auction-clock.ts';
import { nextServerCheckIn, PAST_DEADLINE_RETRY_MS, watchDeadline } from './deadline-watch.ts';

const START = Date.parse('2026-12-05T06:00:00.000Z');
const at = (seconds: number) => new Date(START + seconds * 1000).toISOString();

describe('reading the server at a bid deadline (issue 38)', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.setSystemTime(START);
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('waits to the end while open, retries past it, and stops once bidding is over', () => {
    const open: BidWindow = { status: 'open', bidStartAt: at(-600), bidEndAt: at(60) };
    expect(nextServerCheckIn(open, START)).toBe(60_000);
    expect(nextServerCheckIn({ ...open, bidEndAt: at(-17) }, START)).toBe(PAST_DEADLINE_RETRY_MS);
    expect(nextServerCheckIn({ status: 'scheduled', bidStartAt: at(30), bidEndAt: at(90) }, START)).toBe(30_000);
    expect(nextServerCheckIn({ ...open, status: 'closed' }, START)).toBeUndefined();
  });

  it('refetches a tab opened 17 s after the end until the server says closed, with no live event', () => {
    // The case: the page loaded the request while the server still had it open.
    let window: BidWindow = { status: 'open', bidStartAt: at(-600), bidEndAt: at(-17) };
    const refetch = vi.fn();
    const stop = watchDeadline(() => window, refetch);
    expect(refetch).not.toHaveBeenCalled();
    vi.advanceTimersByTime(PAST_DEADLINE_RETRY_MS);
    expect(refetch).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(PAST_DEADLINE_RETRY_MS);
    expect(refetch).toHaveBeenCalledTimes(2);
    // The server closed it: no more reads.
    window = { ...window, status: 'closed' };
    vi.advanceTimersByTime(60_000);
    expect(refetch).toHaveBeenCalledTimes(2);
    stop();
  });

  it('refetches when the page’s own clock passes the end, not before', () => {
    const window: BidWindow = { status: 'open', bidStartAt: at(-600), bidEndAt: at(20) };
    const refetch = vi.fn();
    const stop = watchDeadline(() => window, refetch);
    vi.advanceTimersByTime(19_999);
    expect(refetch).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(refetch).toHaveBeenCalledTimes(1);
    stop();
    vi.advanceTimersByTime(60_000);
    expect(refetch).toHaveBeenCalledTimes(1);
  });
});
