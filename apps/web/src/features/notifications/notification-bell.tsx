import { ActionIcon, Indicator } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconBell } from '@tabler/icons-react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { TOAST_HIDE_MS } from '@freightdesk/shared/constants';
import type { PushData } from '@freightdesk/shared/schemas/push';
import { api } from '../../lib/api.ts';
import { startPush } from '../../lib/push.ts';
import { useNotificationEvents } from '../../lib/socket.ts';
import { openNotificationDialog, targetFor } from './notification-dialog.tsx';

export const UNREAD_KEY = ['notifications', 'unread'];
/** Live events keep the count current; this poll only covers a socket that cannot connect. */
const FALLBACK_POLL_MS = 2 * 60_000;

/**
 * The header's bell with the unread count. New notifications arrive live: the count and the
 * /notification list update and the confirm dialog opens (a toast instead when the user is already
 * on the notification's target). Also starts Web Push for this browser
 * and opens the dialog for a push notification clicked while the app was open.
 */
export function NotificationBell() {
  const client = useQueryClient();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const { data } = useQuery({
    queryKey: UNREAD_KEY,
    queryFn: () => api.get<{ data: { count: number } }>('/notifications/unread-count').then((r) => r.data.count),
    refetchInterval: FALLBACK_POLL_MS,
  });

  useNotificationEvents({
    onNotification: ({ notification, unread }) => {
      client.setQueryData(UNREAD_KEY, unread);
      void client.invalidateQueries({ queryKey: ['notifications'], predicate: (q) => q.queryKey[1] !== 'unread' });
      if (pathname !== targetFor(notification)) {
        openNotificationDialog(notification, navigate, client);
        return;
      }
      // Already on its target (say, bidding in the portal): a dialog whose OK leads here would only
      // stand in the way, so the page refreshes and a toast tells what happened.
      void client.invalidateQueries({ predicate: (q) => q.queryKey[0] !== 'notifications' });
      notifications.show({ title: notification.title, message: notification.msg, autoClose: TOAST_HIDE_MS });
    },
    onConnect: () => void client.invalidateQueries({ queryKey: ['notifications'] }),
  });

  useEffect(() => startPush(), []);

  useEffect(() => {
    if (!('serviceWorker' in navigator)) {
      return;
    }
    const onMessage = (e: MessageEvent<{ type?: string; payload?: PushData & { notificationId?: number } }>) => {
      if (e.data?.type === 'push-notification' && e.data.payload) {
        openNotificationDialog({ ...e.data.payload, id: e.data.payload.notificationId }, navigate, client);
      }
    };
    navigator.serviceWorker.addEventListener('message', onMessage);
    return () => navigator.serviceWorker.removeEventListener('message', onMessage);
  }, [navigate, client]);

  return (
    <Indicator label={data} size={16} disabled={!data} color="red">
      <ActionIcon component={Link} to="/notification" variant="subtle" aria-label={`Notifications${data ? `, ${data} unread` : ''}`}>
        <IconBell size={20} />
      </ActionIcon>
    </Indicator>
  );
}
