import { Badge, Button, Card, Group, Stack, Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ReactElement } from 'react';
import { useNavigate } from 'react-router';
import { PUSH_DIALOG_TEXT } from '@freightdesk/shared/constants';
import { notificationTarget } from '@freightdesk/shared/routes';
import type { ListResponse } from '@freightdesk/shared/schemas/common';
import { Page } from '../../components/layout/page.tsx';
import { api } from '../../lib/api.ts';
import { formatDateTime } from '../../lib/format.ts';
import { getSession } from '../../lib/session.ts';

type Note = {
  id: number;
  title: string;
  msg: string;
  type: 'request' | 'order' | 'rfp' | 'indent';
  referId: number;
  requestType: number;
  readAt: string | null;
  createdAt: string;
};

/** Where confirming a notification goes: the spec's targets for shippers, the portal for carriers. */
export function targetFor(n: Pick<Note, 'type' | 'referId' | 'requestType'>): string {
  if (getSession().userType === 2) {
    return n.type === 'order' ? '/carrier/orders' : '/carrier/requests';
  }
  return notificationTarget(n);
}

/** `/notification`: the user's notifications; confirming one opens its screen (spec section 4). */
function NotificationPage() {
  const client = useQueryClient();
  const navigate = useNavigate();
  const { data } = useQuery({
    queryKey: ['notifications'],
    queryFn: () => api.get<ListResponse<Note>>('/notifications', { pageSize: 50 }),
  });
  const read = useMutation({
    mutationFn: (id?: number) => (id ? api.post(`/notifications/${id}/read`) : api.post('/notifications/read-all')),
    onSuccess: () => client.invalidateQueries({ queryKey: ['notifications'] }),
  });
  const open = (n: Note) =>
    modals.openConfirmModal({
      title: n.title,
      centered: true,
      children: <Text size="sm">{n.msg}</Text>,
      labels: { confirm: PUSH_DIALOG_TEXT.ok, cancel: PUSH_DIALOG_TEXT.cancel },
      onConfirm: () => {
        read.mutate(n.id);
        navigate(targetFor(n));
      },
    });
  const rows = data?.data ?? [];
  return (
    <Page
      title="Notifications"
      actions={
        rows.some((n) => !n.readAt) && (
          <Button variant="default" onClick={() => read.mutate(undefined)}>
            Mark all read
          </Button>
        )
      }
    >
      {rows.length === 0 && <Text c="dimmed">No Available Data</Text>}
      <Stack gap="xs">
        {rows.map((n) => (
          <Card key={n.id} withBorder padding="sm" style={{ cursor: 'pointer' }} onClick={() => open(n)}>
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
        ))}
      </Stack>
    </Page>
  );
}

export const notificationRouteElements: Record<string, ReactElement> = { notification: <NotificationPage /> };
