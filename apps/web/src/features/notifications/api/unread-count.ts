import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';

export const UNREAD_KEY = ['notifications', 'unread'];
/** Live events keep the count current; this poll only covers a socket that cannot connect. */
export const FALLBACK_POLL_MS = 2 * 60_000;

/** `GET /api/notifications/unread-count` [signed in]: the user's unread notifications. */
export const getUnreadCount = () => api.get<{ data: { count: number } }>('/notifications/unread-count').then((r) => r.data.count);

/** The unread count: asked for (and polled) only while someone is signed in, never after logout. */
export const unreadCountQuery = (signedIn: boolean) =>
  queryOptions({
    queryKey: UNREAD_KEY,
    queryFn: getUnreadCount,
    refetchInterval: FALLBACK_POLL_MS,
    enabled: signedIn,
  });

export const useUnreadCount = (signedIn: boolean) => useQuery(unreadCountQuery(signedIn));
