import { QueryObserver } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { SessionUser } from '@freightdesk/shared/schemas/auth';
import { createQueryClient } from '../../lib/query-client.ts';
import { endSession, getSession, startSession } from '../../lib/session.ts';
import { FALLBACK_POLL_MS, UNREAD_KEY, unreadCountQuery } from './notification-bell.tsx';

const storage = () => {
  const store = new Map<string, string>();
  return {
    getItem: (k: string) => store.get(k) ?? null,
    setItem: (k: string, v: string) => void store.set(k, v),
    removeItem: (k: string) => void store.delete(k),
  };
};

const user = { token: 'owner-token', userName: 'Asha', permissions: [], userType: 3, userId: 1 } as unknown as SessionUser;

beforeEach(() => {
  vi.useFakeTimers();
  vi.stubGlobal('localStorage', storage());
  vi.stubGlobal('sessionStorage', storage());
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('the unread count after logout (issue 38)', () => {
  it('stops asking the server and drops the cached count once the session ends', async () => {
    const calls: string[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string, init: { headers: Record<string, string> }) => {
        calls.push(`${url} ${init.headers.authorization ?? 'no token'}`);
        return new Response(JSON.stringify({ data: { count: 3 } }), { status: 200 });
      }),
    );
    startSession(user);
    const client = createQueryClient();
    const observer = new QueryObserver(client, unreadCountQuery(getSession().loggedIn));
    const stop = observer.subscribe(() => undefined);
    await vi.advanceTimersByTimeAsync(10);
    expect(calls).toEqual(['/api/notifications/unread-count Bearer owner-token']);
    expect(client.getQueryData(UNREAD_KEY)).toBe(3);

    endSession();
    // The bell renders again with the session gone (as the layout does before it unmounts).
    observer.setOptions(unreadCountQuery(getSession().loggedIn));
    await vi.advanceTimersByTimeAsync(FALLBACK_POLL_MS * 3);
    expect(calls).toHaveLength(1);
    expect(client.getQueryData(UNREAD_KEY)).toBeUndefined();
    stop();
  });
});
