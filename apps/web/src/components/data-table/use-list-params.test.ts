import { describe, expect, it } from 'vitest';
import { patchListParams, readListParams } from './use-list-params.ts';

describe('list params in the URL', () => {
  it('reads page, page size, sort, search and the named filters', () => {
    const q = new URLSearchParams('page=3&pageSize=50&sort=-name&search=pune&status=active&other=x');
    expect(readListParams(q, ['status', 'businessUnitId'])).toEqual({
      page: 3,
      pageSize: 50,
      sort: '-name',
      search: 'pune',
      filters: { status: 'active' },
    });
  });
  it('falls back to page 1 and 25 rows for missing or bad values', () => {
    expect(readListParams(new URLSearchParams('page=-2&pageSize=30'), [])).toEqual({
      page: 1,
      pageSize: 25,
      sort: undefined,
      search: undefined,
      filters: {},
    });
    expect(readListParams(new URLSearchParams('page=abc'), []).page).toBe(1);
  });
  it('goes back to page 1 when anything but the page changes, and drops empty values', () => {
    const prev = new URLSearchParams('page=4&search=pune&status=active');
    expect(patchListParams(prev, { status: null }).toString()).toBe('search=pune');
    expect(patchListParams(prev, { search: '' }).toString()).toBe('status=active');
    expect(patchListParams(prev, { page: 5 }).toString()).toBe('page=5&search=pune&status=active');
    expect(patchListParams(prev, { page: 1 }).toString()).toBe('search=pune&status=active');
    expect(patchListParams(prev, { sort: '-code' }).toString()).toBe('search=pune&status=active&sort=-code');
  });
});
