import { Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import type { QueryClient } from '@tanstack/react-query';
import { PUSH_DIALOG_TEXT } from '@freightdesk/shared/constants';
import { notificationUrl, type PushData } from '@freightdesk/shared/schemas/push-events';
import { markNotificationRead } from './api/notifications.ts';
import { getSession } from '../../lib/session.ts';
import { modalsReady } from '../../components/feedback/modals-host.tsx';

export type DialogNote = PushData & { id?: number };

/** Where confirming a notification goes for the signed-in user (spec section 2's targets; carriers: their portal). */
export function targetFor(n: Pick<PushData, 'type' | 'referId' | 'requestType'>): string {
  return notificationUrl(getSession().userType, n);
}

const open = new Set<string>();

/**
 * The push notification dialog (spec sections 4 and 9): centered, the notification's title and
 * message; OK marks it read and opens its target, Cancel closes. One dialog per notification.
 * Only for a push message opened from outside the app; live ones are toasts (live-toasts.tsx).
 */
export function openNotificationDialog(n: DialogNote, go: (path: string) => void, client: QueryClient): void {
  const modalId = `notification-${n.id ?? `${n.type}-${n.referId}-${n.title}`}`;
  if (open.has(modalId)) {
    return;
  }
  open.add(modalId);
  // The dialogs' code comes once the page has settled: a push opened at the app's start waits for it.
  void modalsReady().then(() => showDialog(modalId, n, go, client));
}

function showDialog(modalId: string, n: DialogNote, go: (path: string) => void, client: QueryClient): void {
  modals.openConfirmModal({
    modalId,
    title: n.title,
    centered: true,
    children: <Text size="sm">{n.msg}</Text>,
    labels: { confirm: PUSH_DIALOG_TEXT.ok, cancel: PUSH_DIALOG_TEXT.cancel },
    onConfirm: () => {
      if (n.id) {
        void markNotificationRead(n.id)
          .catch(() => undefined)
          .then(() => client.invalidateQueries({ queryKey: ['notifications'] }));
      }
      // The target shows what the notification tells of, even when it is the page already open.
      void client.invalidateQueries({ predicate: (q) => q.queryKey[0] !== 'notifications' });
      go(targetFor(n));
    },
    onClose: () => open.delete(modalId),
  });
}
