import { describe, expect, it } from 'vitest';
import { byShareDeficit, indiaMonth } from './share-order.ts';

describe('byShareDeficit', () => {
  it('asks first the carrier most behind its share this month', () => {
    // 60/40 split, 10 vehicles so far: A took 8, B took 2. With 1 more: A should have 6.6, B 4.4.
    expect(
      byShareDeficit(
        [
          { carrierLinkId: 1, sharePct: 60, taken: 8 },
          { carrierLinkId: 2, sharePct: 40, taken: 2 },
        ],
        1,
      ),
    ).toEqual([2, 1]);
  });
  it('starts a fresh month with the larger share, and breaks exact ties by the older link', () => {
    const fresh = [
      { carrierLinkId: 7, sharePct: 40, taken: 0 },
      { carrierLinkId: 9, sharePct: 60, taken: 0 },
    ];
    expect(byShareDeficit(fresh, 2)).toEqual([9, 7]);
    expect(
      byShareDeficit(
        [
          { carrierLinkId: 5, sharePct: 50, taken: 0 },
          { carrierLinkId: 3, sharePct: 50, taken: 0 },
        ],
        1,
      ),
    ).toEqual([3, 5]);
  });
  it('keeps the split over many indents: every carrier stays within one vehicle of its share', () => {
    const holders = [
      { carrierLinkId: 1, sharePct: 50, taken: 0 },
      { carrierLinkId: 2, sharePct: 30, taken: 0 },
      { carrierLinkId: 3, sharePct: 20, taken: 0 },
    ];
    for (let i = 0; i < 100; i++) {
      const first = byShareDeficit(holders, 1)[0];
      const h = holders.find((x) => x.carrierLinkId === first);
      if (h) {
        h.taken += 1;
      }
      const total = i + 1;
      for (const x of holders) {
        expect(Math.abs(x.taken - (x.sharePct / 100) * total)).toBeLessThanOrEqual(1);
      }
    }
    expect(holders.map((h) => h.taken)).toEqual([50, 30, 20]);
  });
});

describe('indiaMonth', () => {
  it('counts the month in India time (the last evening of a UTC month is the next month in India)', () => {
    const m = indiaMonth(new Date('2026-11-30T20:00:00Z'));
    expect(m.from.toISOString()).toBe('2026-11-30T18:30:00.000Z');
    expect(m.to.toISOString()).toBe('2026-12-31T18:30:00.000Z');
  });
});
