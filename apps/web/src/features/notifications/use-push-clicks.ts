import { type QueryClient, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useLocation, useNavigate } from 'react-router';
import type { NotificationRow, PushData } from '@freightdesk/shared/schemas/push-events';
import { getNotifications } from './api/notifications.ts';
import { openNotificationDialog } from './notification-dialog.tsx';
import { pushClickId } from './live-presentation.ts';

type WorkerMessage = { type?: string; payload?: PushData & { notificationId?: number } };

/**
 * The stored notification a push click names. The address carries only its id and the text comes
 * from the server, so a crafted link cannot put words of its own into the dialog.
 */
async function storedNotification(id: number): Promise<NotificationRow | undefined> {
  const list = await getNotifications(100);
  return list.data.find((n) => n.id === id);
}

function openStored(id: number, go: (path: string) => void, client: QueryClient) {
  void storedNotification(id)
    .then((n) => n && openNotificationDialog(n, go, client))
    .catch(() => undefined);
}

/**
 * A Web Push message the user clicked outside the app opens the spec's confirm dialog (OK opens
 * its target, Cancel stays): the service worker focuses an open app window and posts the message
 * to it, or opens the app at `#/notification?push={id}` when no window is open.
 */
export function usePushClicks() {
  const client = useQueryClient();
  const navigate = useNavigate();
  const { search } = useLocation();
  const clicked = pushClickId(search);

  useEffect(() => {
    if (!('serviceWorker' in navigator)) {
      return;
    }
    const onMessage = (e: MessageEvent<WorkerMessage>) => {
      const payload = e.data?.type === 'push-notification' ? e.data.payload : undefined;
      if (payload) {
        openNotificationDialog({ ...payload, id: payload.notificationId }, navigate, client);
      }
    };
    navigator.serviceWorker.addEventListener('message', onMessage);
    return () => navigator.serviceWorker.removeEventListener('message', onMessage);
  }, [navigate, client]);

  useEffect(() => {
    if (clicked === null) {
      return;
    }
    // The list stays under the dialog; a reload must not open it again.
    navigate('/notification', { replace: true });
    openStored(clicked, navigate, client);
  }, [clicked, navigate, client]);
}
