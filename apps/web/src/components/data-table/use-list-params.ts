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

/**
 * Page, page size, sort, search and filters kept in the URL query, so reload, back and shared
 * links keep the list as it was. Changing anything but the page goes back to page 1.
 */
export function useListParams(filterKeys: readonly string[] = []) {
  const [params, setParams] = useSearchParams();
  const list = useMemo<ListParams>(() => {
    const size = Number(params.get('pageSize'));
    const filters: Record<string, string> = {};
    for (const key of filterKeys) {
      const v = params.get(key);
      if (v) {
        filters[key] = v;
      }
    }
    return {
      page: Math.max(1, Number(params.get('page')) || 1),
      pageSize: (PAGE_SIZES as readonly number[]).includes(size) ? size : DEFAULT_PAGE_SIZE,
      sort: params.get('sort') ?? undefined,
      search: params.get('search') ?? undefined,
      filters,
    };
  }, [params, filterKeys]);

  const update = useCallback(
    (patch: Record<string, string | number | undefined | null>) => {
      setParams(
        (prev) => {
          const next = new URLSearchParams(prev);
          for (const [k, v] of Object.entries(patch)) {
            if (v === undefined || v === null || v === '') {
              next.delete(k);
            } else {
              next.set(k, String(v));
            }
          }
          if (!('page' in patch)) {
            next.delete('page');
          }
          return next;
        },
        { replace: true },
      );
    },
    [setParams],
  );

  /** The query the API takes: page, pageSize, sort, search and the filters. */
  const query = useMemo(
    () => ({ page: list.page, pageSize: list.pageSize, sort: list.sort, search: list.search, ...list.filters }),
    [list],
  );
  return { list, query, update };
}
