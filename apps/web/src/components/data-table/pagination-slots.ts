import { MAX_PAGE_SLOTS } from '@freightdesk/shared/constants';

export type Slot = number | '...';

/** At most 7 page slots, with '...' where pages are left out (spec section 9). */
export function paginationSlots(page: number, pages: number, max = MAX_PAGE_SLOTS): Slot[] {
  if (pages <= max) {
    return Array.from({ length: pages }, (_, i) => i + 1);
  }
  const side = max - 2; // first/last plus one '...'
  if (page <= side - 1) {
    return [...Array.from({ length: side }, (_, i) => i + 1), '...', pages];
  }
  if (page >= pages - side + 2) {
    return [1, '...', ...Array.from({ length: side }, (_, i) => pages - side + 1 + i)];
  }
  const inner = max - 4;
  const start = page - Math.floor(inner / 2);
  return [1, '...', ...Array.from({ length: inner }, (_, i) => start + i), '...', pages];
}
