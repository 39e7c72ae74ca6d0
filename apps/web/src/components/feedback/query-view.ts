import { ApiError } from '../../lib/api.ts';

/** What a screen needs of a TanStack query to show a record it does not have yet. */
export type QueryLike = {
  isError: boolean;
  error: unknown;
  refetch: () => unknown;
  isFetching: boolean;
  fetchStatus?: 'fetching' | 'paused' | 'idle';
  data?: unknown;
};

/**
 * What to show in place of a record the screen does not have:
 * - `loading` while it is asked for, or has come and the screen is still taking it in (a form
 *   filling its fields);
 * - `paused` when the browser is offline and TanStack holds the call until it is back;
 * - `failed` with the server's own message, and whether Try again can help (a 403 or 404 is final);
 * - `missing` when nothing was asked (a link without a valid id).
 */
export type QueryView =
  | { kind: 'loading' }
  | { kind: 'paused' }
  | { kind: 'missing' }
  | { kind: 'failed'; message: string | null; retry: boolean };

export function queryView(query: QueryLike): QueryView {
  if (!query.isError) {
    if (query.fetchStatus === 'paused') {
      return { kind: 'paused' };
    }
    return query.isFetching || query.data !== undefined ? { kind: 'loading' } : { kind: 'missing' };
  }
  const error = query.error;
  if (!(error instanceof ApiError)) {
    return { kind: 'failed', message: null, retry: true };
  }
  return { kind: 'failed', message: error.message, retry: ![403, 404].includes(error.status) };
}
