import { describe, expect, it } from 'vitest';
import { PAGINATION_SEPARATOR } from '@freightdesk/shared/constants';
import { stateCount } from './tracking-words.ts';
import { rangeText } from '../../components/data-table/pagination-slots.ts';
import { COUNTING, countKnown, countText, listView } from '../../components/feedback/query-view.ts';

const base = { isError: false, error: null, refetch: () => undefined, isFetching: false };

describe('loading never reads as a false zero (issue 38)', () => {
  it('a list asking for its first rows does not know its count; one answered empty does', () => {
    expect(countKnown(listView({ ...base, isFetching: true, fetchStatus: 'fetching' }, 0))).toBe(false);
    expect(countKnown(listView({ ...base, fetchStatus: 'paused' }, 0))).toBe(false);
    expect(countKnown(listView({ ...base, isError: true, error: new Error('x') }, 0))).toBe(false);
    expect(countKnown(listView({ ...base, fetchStatus: 'idle', data: { data: [] } }, 0))).toBe(true);
    // Rows on screen while a refetch runs: the count shown is theirs.
    expect(countKnown(listView({ ...base, isFetching: true }, 3))).toBe(true);
  });

  it('the footer says Loading… while counting, and 0-0 of 0 only for an empty answer', () => {
    expect(rangeText(undefined, 1, 25, PAGINATION_SEPARATOR)).toBe('Loading…');
    expect(rangeText(0, 1, 25, PAGINATION_SEPARATOR)).toBe(`0-0 ${PAGINATION_SEPARATOR} 0`);
    expect(rangeText(60, 2, 25, PAGINATION_SEPARATOR)).toBe(`26-50 ${PAGINATION_SEPARATOR} 60`);
    expect(rangeText(10_000, 1, 25, PAGINATION_SEPARATOR, true)).toBe(`1-25 ${PAGINATION_SEPARATOR} 10,000+`);
  });

  it('the map’s and the board’s counters show … until the vehicles come', () => {
    expect(countText(stateCount(undefined, 'in_transit'))).toBe(COUNTING);
    expect(countText(stateCount([], 'in_transit'))).toBe('0');
    expect(countText(stateCount([{ state: 'in_transit' }, { state: 'halted' }, { state: 'in_transit' }], 'in_transit'))).toBe('2');
    expect(countText(undefined)).toBe('…');
    expect(countText(12_345)).toBe('12,345');
  });
});
