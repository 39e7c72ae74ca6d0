import { describe, expect, it } from 'vitest';
import { type BidWindow, auctionClock, formatCountdown, latestBidEnd } from './auction-clock.ts';

const NOW = Date.parse('2026-05-01T06:30:00Z');
const at = (ms: number) => new Date(NOW + ms).toISOString();
const request = (patch: Partial<BidWindow> = {}): BidWindow => ({
  status: 'open',
  bidStartAt: at(-600_000),
  bidEndAt: at(3_600_000),
  ...patch,
});

describe('formatCountdown', () => {
  it('shows days and hours far out, seconds close in', () => {
    expect(formatCountdown(2 * 86_400_000 + 3 * 3_600_000 + 15 * 60_000 + 9_000)).toBe('2d 03h 15m');
    expect(formatCountdown(3_600_000 + 5 * 60_000 + 9_000)).toBe('1h 05m 09s');
    expect(formatCountdown(4 * 60_000 + 9_000)).toBe('4m 09s');
    expect(formatCountdown(9_999)).toBe('9s');
  });
  it('never goes below zero', () => {
    expect(formatCountdown(0)).toBe('0s');
    expect(formatCountdown(-5_000)).toBe('0s');
  });
});

describe('auctionClock', () => {
  it('counts to the bid start while scheduled', () => {
    const clock = auctionClock(request({ status: 'scheduled', bidStartAt: at(90_000) }), NOW);
    expect(clock).toEqual({ label: 'Starts in', left: '1m 30s', color: 'blue' });
  });
  it('counts to the bid end while open, red in the last 5 minutes and orange in the last 30', () => {
    expect(auctionClock(request({ bidEndAt: at(2 * 3_600_000) }), NOW)).toMatchObject({
      label: 'Ends in',
      left: '2h 00m 00s',
      color: 'dark',
    });
    expect(auctionClock(request({ bidEndAt: at(20 * 60_000) }), NOW).color).toBe('orange');
    expect(auctionClock(request({ bidEndAt: at(4 * 60_000) }), NOW).color).toBe('red');
  });
  it('waits for the server once the time has passed', () => {
    expect(auctionClock(request({ bidEndAt: at(-1000) }), NOW)).toMatchObject({ label: 'Closing…', left: '' });
    expect(auctionClock(request({ status: 'scheduled', bidStartAt: at(-1000) }), NOW)).toMatchObject({ label: 'Opening…' });
    expect(auctionClock(request({ status: 'closed' }), NOW)).toMatchObject({ label: 'Bidding closed', left: '' });
  });
});

describe('latestBidEnd', () => {
  it('follows an extension announced live before the request is refetched', () => {
    expect(latestBidEnd(at(60_000), at(360_000))).toBe(at(360_000));
  });
  it('keeps the request’s end when nothing (or an older end) was announced', () => {
    expect(latestBidEnd(at(60_000), undefined)).toBe(at(60_000));
    expect(latestBidEnd(at(360_000), at(60_000))).toBe(at(360_000));
  });
});
