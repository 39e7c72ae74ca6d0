import { describe, expect, it } from 'vitest';
import { paginationSlots } from './pagination-slots.ts';

describe('pagination slots', () => {
  it('lists every page when there are 7 or fewer', () => {
    expect(paginationSlots(1, 1)).toEqual([1]);
    expect(paginationSlots(3, 7)).toEqual([1, 2, 3, 4, 5, 6, 7]);
  });
  it('never shows more than 7 slots, with ... omissions', () => {
    expect(paginationSlots(1, 20)).toEqual([1, 2, 3, 4, 5, '...', 20]);
    expect(paginationSlots(10, 20)).toEqual([1, '...', 9, 10, 11, '...', 20]);
    expect(paginationSlots(20, 20)).toEqual([1, '...', 16, 17, 18, 19, 20]);
    for (let p = 1; p <= 30; p++) {
      const slots = paginationSlots(p, 30);
      expect(slots.length).toBeLessThanOrEqual(7);
      expect(slots).toContain(p);
    }
  });
});
