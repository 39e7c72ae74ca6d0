import { describe, expect, it } from 'vitest';
import { ApiError } from '../../lib/api.ts';
import { listView, queryView } from './query-view.ts';

const base = { isError: false, error: null, refetch: () => undefined, isFetching: false };

describe('queryView', () => {
  it('shows a loader while the record is asked for, and says so when the browser is offline', () => {
    expect(queryView({ ...base, isFetching: true, fetchStatus: 'fetching' })).toEqual({ kind: 'loading' });
    expect(queryView({ ...base, fetchStatus: 'paused' })).toEqual({ kind: 'paused' });
    // The record is here but the form has not taken it in yet: still loading, not missing.
    expect(queryView({ ...base, fetchStatus: 'idle', data: { id: 1 } })).toEqual({ kind: 'loading' });
  });

  it('calls a record never asked for missing (a link without a valid id)', () => {
    expect(queryView({ ...base, fetchStatus: 'idle' })).toEqual({ kind: 'missing' });
  });

  it("keeps the server's message; a 404 or 403 is final, a 503 or a lost connection can be tried again", () => {
    const failed = (error: unknown) => queryView({ ...base, isError: true, error });
    expect(failed(new ApiError(404, 'NOT_FOUND', 'Order not found.'))).toEqual({
      kind: 'failed',
      message: 'Order not found.',
      retry: false,
    });
    expect(failed(new ApiError(403, 'FORBIDDEN', 'Not allowed.'))).toEqual({ kind: 'failed', message: 'Not allowed.', retry: false });
    expect(failed(new ApiError(503, 'UNAVAILABLE', 'Busy, try again.'))).toEqual({
      kind: 'failed',
      message: 'Busy, try again.',
      retry: true,
    });
    expect(failed(new ApiError(0, 'NETWORK', 'Cannot reach the server.'))).toMatchObject({ retry: true });
    expect(failed(new TypeError('x is undefined'))).toEqual({ kind: 'failed', message: null, retry: true });
  });
});

describe('listView', () => {
  it('says a list failed, in the server’s words, whether or not rows loaded before are still shown', () => {
    const failed = { ...base, isError: true, error: new ApiError(503, 'QUERY_TIMEOUT', 'The search took too long.') };
    expect(listView(failed, 0)).toEqual({ kind: 'failed', message: 'The search took too long.', retry: true, stale: false });
    expect(listView(failed, 25)).toEqual({ kind: 'failed', message: 'The search took too long.', retry: true, stale: true });
    expect(listView({ ...base, isError: true, error: new ApiError(403, 'FORBIDDEN', 'Not allowed.') }, 0)).toMatchObject({ retry: false });
    expect(listView({ ...base, isError: true, error: new TypeError('Failed to fetch') }, 0)).toMatchObject({
      kind: 'failed',
      message: null,
    });
  });

  it('calls a list empty only when the server answered no rows', () => {
    expect(listView({ ...base, isFetching: true, fetchStatus: 'fetching' }, 0)).toEqual({ kind: 'loading' });
    expect(listView({ ...base, fetchStatus: 'paused' }, 0)).toEqual({ kind: 'paused' });
    expect(listView({ ...base, fetchStatus: 'idle', data: { data: [] } }, 0)).toEqual({ kind: 'empty' });
    expect(listView({ ...base, isFetching: true }, 3)).toEqual({ kind: 'rows' });
  });
});
