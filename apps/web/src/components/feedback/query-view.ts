import { ApiError } from '../../lib/api.ts';
import { indianNumber } from '@freightdesk/shared/indian-number';

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
  return failure(query.error);
}

/** A failed call: the server's own message, and whether Try again can help (a 403 or 404 is final). */
function failure(error: unknown): { kind: 'failed'; message: string | null; retry: boolean } {
  if (!(error instanceof ApiError)) {
    return { kind: 'failed', message: null, retry: true };
  }
  return { kind: 'failed', message: error.message, retry: ![403, 404].includes(error.status) };
}

/**
 * What a list shows of its query beside its rows: `failed` when its last call failed (with rows
 * loaded before kept on screen: `stale`), `paused` while offline with nothing to show, `loading`
 * while its first rows are asked for, `empty` when the server answered none, `rows` otherwise. A
 * failed list never says "No Available Data": a user would read that there is nothing.
 */
export type ListView =
  | { kind: 'rows' | 'loading' | 'empty' | 'paused' }
  | { kind: 'failed'; message: string | null; retry: boolean; stale: boolean };

export function listView(query: QueryLike, rows: number): ListView {
  if (query.isError) {
    return { ...failure(query.error), stale: rows > 0 };
  }
  if (rows > 0) {
    return { kind: 'rows' };
  }
  if (query.fetchStatus === 'paused') {
    return { kind: 'paused' };
  }
  return { kind: query.isFetching ? 'loading' : 'empty' };
}

/**
 * Does the list know how many rows it has? Not while its first rows are asked for, held offline, or
 * failed with nothing shown: a count then would be a false zero ("0-0 of 0" before the data comes).
 */
export function countKnown(view: ListView): boolean {
  return view.kind === 'rows' || view.kind === 'empty' || (view.kind === 'failed' && view.stale);
}

/** What a counter shows: its number once known, '…' while it is being counted (never a false 0). */
export const COUNTING = '…';
export function countText(n: number | undefined): string {
  return n === undefined ? COUNTING : indianNumber(n);
}
