import { Badge, Button, Card, Group, Stack, Text } from '@mantine/core';
import { type ReactElement, useState } from 'react';
import { useNavigate } from 'react-router';
import { LOCAL_KEYS } from '@freightdesk/shared/constants';
import type { NotificationRow as Note } from '@freightdesk/shared/schemas/push-events';
import { Page } from '../../components/layout/page.tsx';
import { useMarkRead, useNotifications } from './api/notifications.ts';
import { formatDateTime } from '../../lib/format.ts';
import { enablePush, pushPermission } from '../../lib/push.ts';
import { targetFor } from './notification-dialog.tsx';

/** Push for this browser: the "Enable push notifications" control, or where it stands. */
function PushControl() {
  const [permission, setPermission] = useState(pushPermission);
  const [busy, setBusy] = useState(false);
  if (permission === 'unsupported') {
    return (
      <Text size="sm" c="dimmed">
        This browser cannot receive push notifications.
      </Text>
    );
  }
  if (permission === 'denied') {
    return (
      <Text size="sm" c="dimmed">
        Push notifications are blocked for this site in the browser's settings.
      </Text>
    );
  }
  if (permission === 'granted') {
    return localStorage.getItem(LOCAL_KEYS.deviceToken) ? (
      <Badge variant="light" color="brand">
        Push notifications are on
      </Badge>
    ) : (
      <Text size="sm" c="dimmed">
        Push notifications are allowed; this browser has no push subscription yet.
      </Text>
    );
  }
  return (
    <Button
      variant="light"
      loading={busy}
      onClick={() => {
        setBusy(true);
        void enablePush()
          .then(setPermission)
          .finally(() => setBusy(false));
      }}
    >
      Enable push notifications
    </Button>
  );
}

/** One notification as a link to its screen, "New" while unread. */
function NotificationCard({ n, onOpen }: { n: Note; onOpen: (n: Note) => void }) {
  return (
    <Card
      component="a"
      href={`#${targetFor(n)}`}
      withBorder
      padding="sm"
      onClick={(e) => {
        e.preventDefault();
        onOpen(n);
      }}
    >
      <Group justify="space-between" wrap="nowrap">
        <div>
          <Group gap="xs">
            <Text fw={600}>{n.title}</Text>
            {!n.readAt && (
              <Badge color="red" size="xs">
                New
              </Badge>
            )}
          </Group>
          <Text size="sm">{n.msg}</Text>
        </div>
        <Text size="xs" c="dimmed">
          {formatDateTime(n.createdAt)}
        </Text>
      </Group>
    </Card>
  );
}

/** `/notification`: the user's notifications; picking one opens its screen and marks it read. */
function NotificationPage() {
  const navigate = useNavigate();
  const { data } = useNotifications();
  const read = useMarkRead();
  // The user picked it: open its page (the confirm dialog is for push messages opened from outside).
  const open = (n: Note) => {
    if (!n.readAt) {
      read.mutate(n.id);
    }
    navigate(targetFor(n));
  };
  const rows = data?.data ?? [];
  return (
    <Page
      title="Notifications"
      actions={
        <>
          <PushControl />
          {rows.some((n) => !n.readAt) && (
            <Button variant="default" onClick={() => read.mutate(undefined)}>
              Mark all read
            </Button>
          )}
        </>
      }
    >
      {rows.length === 0 && <Text c="dimmed">No Available Data</Text>}
      <Stack gap="xs">
        {rows.map((n) => (
          <NotificationCard key={n.id} n={n} onOpen={open} />
        ))}
      </Stack>
    </Page>
  );
}

export const notificationRouteElements: Record<string, ReactElement> = { notification: <NotificationPage /> };
