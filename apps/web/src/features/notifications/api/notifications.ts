import { type QueryClient, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ListResponse } from '@freightdesk/shared/schemas/common';
import type { NotificationRow } from '@freightdesk/shared/schemas/push-events';
import { api } from '../../../lib/api.ts';

/** Every notification query starts with this (the list and the unread count). */
export const NOTIFICATIONS_KEY = ['notifications'];

/** `GET /api/notifications` [signed in]: the user's notifications, newest first. */
export const getNotifications = (pageSize: number) => api.get<ListResponse<NotificationRow>>('/notifications', { pageSize });

/** `POST /api/notifications/:id/read` [signed in]: marks one of the user's notifications read. */
export const markNotificationRead = (id: number) => api.post(`/notifications/${id}/read`);

/** `POST /api/notifications/read-all` [signed in]. */
export const markAllNotificationsRead = () => api.post('/notifications/read-all');

/** Marks these read, failures ignored (the user went to see them), then refreshes the notifications. */
export function markReadQuietly(client: QueryClient, ids: number[]) {
  void Promise.all(ids.map((id) => markNotificationRead(id).catch(() => undefined))).then(() =>
    client.invalidateQueries({ queryKey: NOTIFICATIONS_KEY }),
  );
}

/** The /notification page's list: the newest 50. */
export const useNotifications = () => useQuery({ queryKey: NOTIFICATIONS_KEY, queryFn: () => getNotifications(50) });

/** Marks one read (an id) or all (none); the list and the count refetch. */
export function useMarkRead() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id?: number) => (id ? markNotificationRead(id) : markAllNotificationsRead()),
    onSuccess: () => client.invalidateQueries({ queryKey: NOTIFICATIONS_KEY }),
  });
}
