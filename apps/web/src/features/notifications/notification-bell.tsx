import { ActionIcon, Indicator } from '@mantine/core';
import { IconBell } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { Link } from 'react-router';
import { UNREAD_KEY, useUnreadCount } from './api/unread-count.ts';
import { startPush } from '../../lib/push.ts';
import { useSession } from '../../lib/session.ts';
import { useNotificationEvents } from '../../lib/socket.ts';
import { showLiveNotification } from './live-toasts.tsx';
import { usePushClicks } from './use-push-clicks.ts';

export { FALLBACK_POLL_MS, UNREAD_KEY, unreadCountQuery } from './api/unread-count.ts';

/**
 * The header's bell with the unread count. New notifications arrive live: the count and the
 * /notification list update, the data they concern refreshes, and a toast with a link tells of
 * them (a burst of one kind is one toast) — never a dialog in the way of the page. Also starts
 * Web Push for this browser and opens the confirm dialog for a push message clicked outside the app.
 */
export function NotificationBell() {
  const client = useQueryClient();
  const { data } = useUnreadCount(useSession().loggedIn);

  useNotificationEvents({
    onNotification: ({ notification, unread }) => {
      client.setQueryData(UNREAD_KEY, unread);
      void client.invalidateQueries({ queryKey: ['notifications'], predicate: (q) => q.queryKey[1] !== 'unread' });
      showLiveNotification(notification, client);
    },
    onConnect: () => void client.invalidateQueries({ queryKey: ['notifications'] }),
  });

  useEffect(() => startPush(), []);
  usePushClicks();

  return (
    <Indicator label={data} size={16} disabled={!data} color="red">
      <ActionIcon component={Link} to="/notification" variant="subtle" aria-label={`Notifications${data ? `, ${data} unread` : ''}`}>
        <IconBell size={20} />
      </ActionIcon>
    </Indicator>
  );
}
