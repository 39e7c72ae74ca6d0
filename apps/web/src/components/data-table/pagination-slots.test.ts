import { describe, expect, it } from 'vitest';
import { pageCount, paginationSlots, totalText } from './pagination-slots.ts';

describe('pagination slots', () => {
  it('lists every page when there are 7 or fewer', () => {
    expect(paginationSlots(1, 1)).toEqual([1]);
    expect(paginationSlots(3, 7)).toEqual([1, 2, 3, 4, 5, 6, 7]);
  });
  it('never shows more than 7 slots, with ... omissions', () => {
    expect(paginationSlots(1, 20)).toEqual([1, 2, 3, 4, 5, '...', 20]);
    expect(paginationSlots(4, 20)).toEqual([1, 2, 3, 4, 5, '...', 20]);
    expect(paginationSlots(5, 20)).toEqual([1, '...', 4, 5, 6, '...', 20]);
    expect(paginationSlots(10, 20)).toEqual([1, '...', 9, 10, 11, '...', 20]);
    expect(paginationSlots(16, 20)).toEqual([1, '...', 15, 16, 17, '...', 20]);
    expect(paginationSlots(17, 20)).toEqual([1, '...', 16, 17, 18, 19, 20]);
    expect(paginationSlots(20, 20)).toEqual([1, '...', 16, 17, 18, 19, 20]);
    expect(paginationSlots(5, 8)).toEqual([1, '...', 4, 5, 6, 7, 8]);
  });
  it('always shows the first, last and current page, in order, with no neighbours dropped next to a ...', () => {
    for (let pages = 1; pages <= 40; pages++) {
      for (let p = 1; p <= pages; p++) {
        const slots = paginationSlots(p, pages);
        const numbers = slots.filter((s): s is number => s !== '...');
        expect(slots.length).toBeLessThanOrEqual(7);
        expect(numbers).toContain(p);
        expect(numbers[0]).toBe(1);
        expect(numbers.at(-1)).toBe(pages);
        expect([...numbers].sort((a, b) => a - b)).toEqual(numbers);
        // A '...' always stands for at least two pages, otherwise the page itself would fit.
        slots.forEach((s, i) => {
          if (s === '...') {
            const before = slots[i - 1];
            const after = slots[i + 1];
            expect(typeof before === 'number' && typeof after === 'number' && after - before > 2).toBe(true);
          }
        });
      }
    }
  });
});

describe('capped totals', () => {
  it('shows the cap with a plus and keeps 7 slots up to its last page', () => {
    expect(totalText(10_000, true)).toBe('10,000+');
    expect(totalText(250)).toBe('250');
    expect(pageCount(10_000, 25, 1, true)).toBe(400);
    expect(paginationSlots(1, pageCount(10_000, 25, 1, true))).toEqual([1, 2, 3, 4, 5, '...', 400]);
  });
  it('offers one page more on a page that reaches the capped total, never on an exact one', () => {
    expect(pageCount(10_000, 25, 400, true)).toBe(401);
    expect(pageCount(50_000, 25, 2000, true)).toBe(2001);
    expect(paginationSlots(2000, pageCount(50_000, 25, 2000, true))).toEqual([1, '...', 1997, 1998, 1999, 2000, 2001]);
    expect(pageCount(10_000, 25, 400)).toBe(400);
    expect(pageCount(0, 25, 1)).toBe(1);
  });
});
