import { Badge, Card, Group, Stack, Text, Title } from '@mantine/core';
import { type ReactElement, useEffect } from 'react';
import { Page } from '../../components/layout/page.tsx';
import { formatDate } from '../../lib/format.ts';
import { useMarkWhatsNewRead, useWhatsNew } from './api/whats-new.ts';

/** `/whats-new`: published notices; opening the page marks them read. */
function WhatsNewPage() {
  const { data } = useWhatsNew();
  const read = useMarkWhatsNewRead();
  const hasUnread = data?.data.some((n) => !n.read);
  useEffect(() => {
    if (hasUnread) {
      read.mutate();
    }
  }, [hasUnread, read.mutate]);
  return (
    <Page title="What's new">
      <Stack>
        {data?.data.length === 0 && <Text c="dimmed">Nothing new yet.</Text>}
        {data?.data.map((n) => (
          <Card key={n.id} withBorder>
            <Group justify="space-between">
              <Title order={4}>{n.title}</Title>
              <Group gap="xs">
                {!n.read && <Badge color="red">New</Badge>}
                <Text size="sm" c="dimmed">
                  {formatDate(n.publishedAt)}
                </Text>
              </Group>
            </Group>
            <Text mt="xs" style={{ whiteSpace: 'pre-wrap' }}>
              {n.body}
            </Text>
          </Card>
        ))}
      </Stack>
    </Page>
  );
}

export const whatsNewRouteElements: Record<string, ReactElement> = { 'whats-new': <WhatsNewPage /> };
