import { MAX_PAGE_SLOTS } from '@freightdesk/shared/constants';
import { indianNumber } from '@freightdesk/shared/indian-number';

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

/**
 * How many pages the slots offer. A capped total (the server stopped counting) is a lower bound:
 * on a page that reaches it one more page is offered, so the user can always go on.
 */
export function pageCount(total: number, pageSize: number, page: number, capped = false): number {
  const pages = Math.max(1, Math.ceil(total / pageSize));
  return capped && page * pageSize >= total ? Math.max(pages, page) + 1 : pages;
}

/** The 'of n' of the footer: '10,000+' when the server stopped counting. */
export function totalText(total: number, capped = false): string {
  return `${indianNumber(total)}${capped ? '+' : ''}`;
}

/** The footer's 'x-y of n', or 'Loading…' while the count is not known (never '0-0 of 0' before the data). */
export function rangeText(total: number | undefined, page: number, pageSize: number, separator: string, capped = false): string {
  if (total === undefined) {
    return 'Loading…';
  }
  const first = total === 0 ? 0 : (page - 1) * pageSize + 1;
  const last = Math.min(total, page * pageSize);
  return `${first}-${last} ${separator} ${totalText(total, capped)}`;
}
