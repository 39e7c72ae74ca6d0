import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { DEFAULT_PAGE_SIZE, PAGE_SIZES } from '@freightdesk/shared/constants';

export type ListParams = {
  page: number;
  pageSize: number;
  sort?: string;
  search?: string;
  filters: Record<string, string>;
};

export type ListPatch = Record<string, string | number | undefined | null>;

/** Reads the list state from a URL query; unknown page sizes fall back to 25. */
export function readListParams(params: URLSearchParams, filterKeys: readonly string[]): ListParams {
  const size = Number(params.get('pageSize'));
  const filters: Record<string, string> = {};
  for (const key of filterKeys) {
    const v = params.get(key);
    if (v) {
      filters[key] = v;
    }
  }
  return {
    page: Math.max(1, Math.floor(Number(params.get('page'))) || 1),
    pageSize: (PAGE_SIZES as readonly number[]).includes(size) ? size : DEFAULT_PAGE_SIZE,
    sort: params.get('sort') || undefined,
    search: params.get('search') || undefined,
    filters,
  };
}

/** What a list endpoint takes for the list state: page, pageSize, sort, search and the filters. */
export function listQueryOf(list: ListParams) {
  return { page: list.page, pageSize: list.pageSize, sort: list.sort, search: list.search, ...list.filters };
}

/**
 * Applies a change to a URL query: empty values are removed, and changing anything but the page
 * goes back to page 1 (the old page may not exist under the new filter).
 */
export function patchListParams(prev: URLSearchParams, patch: ListPatch): URLSearchParams {
  const next = new URLSearchParams(prev);
  for (const [k, v] of Object.entries(patch)) {
    if (v === undefined || v === null || v === '' || (k === 'page' && v === 1)) {
      next.delete(k);
    } else {
      next.set(k, String(v));
    }
  }
  if (!('page' in patch)) {
    next.delete('page');
  }
  return next;
}

/**
 * Page, page size, sort, search and filters kept in the URL query, so reload, back and shared
 * links keep the list as it was.
 *
 * - `list`: the parsed state; `query`: what the list endpoint takes (page, pageSize, sort, search, filters)
 * - `update(patch)`: change some keys (`undefined`/`null`/'' removes one)
 * - `table`: spread into `<DataTable {...params.table} />` for page, page size and sort
 */
export function useListParams(filterKeys: readonly string[] = []) {
  const [params, setParams] = useSearchParams();
  // Callers often pass a new array each render; the keys themselves decide when to re-read.
  const keys = filterKeys.join(',');
  // biome-ignore lint/correctness/useExhaustiveDependencies: `keys` stands for `filterKeys`
  const list = useMemo(() => readListParams(params, filterKeys), [params, keys]);

  const update = useCallback((patch: ListPatch) => setParams((prev) => patchListParams(prev, patch), { replace: true }), [setParams]);

  const query = useMemo(() => listQueryOf(list), [list]);

  const table = useMemo(
    () => ({
      page: list.page,
      pageSize: list.pageSize,
      sort: list.sort,
      onPageChange: (page: number) => update({ page }),
      onPageSizeChange: (pageSize: number) => update({ pageSize }),
      onSortChange: (sort: string) => update({ sort }),
    }),
    [list, update],
  );
  // One object while the address is unchanged: a list's toolbar drawn with `memo` is not drawn
  // again when only the rows arrive (a phone's first seconds, issue 35).
  return useMemo(() => ({ list, query, update, table }), [list, query, update, table]);
}

/** What `useListParams` gives a page, for the parts (filters, toolbars, tables) it passes it to. */
export type UseListParams = ReturnType<typeof useListParams>;
