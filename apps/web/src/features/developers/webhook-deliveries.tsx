import { Badge, Button, Group, Pagination, Stack, Table, Text, VisuallyHidden } from '@mantine/core';
import { useState } from 'react';
import type { WebhookDelivery } from '@freightdesk/shared/schemas/webhook';
import { toast } from '../../components/feedback/feedback.tsx';
import { useReplayWebhookDelivery, useWebhookDeliveries } from './api/webhooks.ts';
import { formatDateTime } from '../../lib/format.ts';

const PAGE_SIZE = 25;
const COLOR = { pending: 'yellow', succeeded: 'green', failed: 'red' } as const;

/** The last answer of a delivery, in words: "204 in 35 ms", "500 in 12 ms", or the network error. */
function lastAnswer(d: WebhookDelivery): string {
  const a = d.lastAttempt;
  if (!a) {
    return 'Not tried yet';
  }
  return a.responseStatus === null ? `No answer: ${a.error ?? 'network error'}` : `${a.responseStatus} in ${a.durationMs} ms`;
}

/** The delivery log of one endpoint, paged on the server, newest first, with replay. */
export function WebhookDeliveries({ endpointId }: { endpointId: number }) {
  const [page, setPage] = useState(1);
  const log = useWebhookDeliveries(endpointId, page, PAGE_SIZE);
  const replay = useReplayWebhookDelivery();
  const rows = log.data?.data ?? [];
  const pages = Math.max(1, Math.ceil((log.data?.total ?? 0) / PAGE_SIZE));
  const again = async (d: WebhookDelivery) => {
    await replay.mutateAsync({ endpointId, deliveryId: d.id });
    toast(`${d.eventType} queued again with the same webhook-id.`);
  };
  if (log.isLoading) {
    return <Text size="sm">Loading deliveries…</Text>;
  }
  if (!rows.length) {
    return <Text size="sm">No deliveries yet. Send a test event to see one here.</Text>;
  }
  return (
    <Stack gap="xs">
      <Table.ScrollContainer minWidth={560}>
        <Table striped aria-label="Deliveries">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Event</Table.Th>
              <Table.Th>Status</Table.Th>
              <Table.Th>Last answer</Table.Th>
              <Table.Th>Created</Table.Th>
              <Table.Th>
                <VisuallyHidden>Actions</VisuallyHidden>
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((d) => (
              <DeliveryRow key={d.id} delivery={d} onReplay={() => again(d)} />
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      <Group justify="flex-end">
        <Pagination total={pages} value={page} onChange={setPage} size="sm" aria-label="Delivery pages" />
      </Group>
    </Stack>
  );
}

/** One delivery: its event and webhook-id, status, last answer, time and replay. */
function DeliveryRow({ delivery: d, onReplay }: { delivery: WebhookDelivery; onReplay: () => void }) {
  return (
    <Table.Tr>
      <Table.Td>
        <Text size="sm">{d.eventType}</Text>
        <Text size="xs" c="dimmed">
          {d.messageId}
        </Text>
      </Table.Td>
      <Table.Td>
        <Badge color={COLOR[d.status]}>{d.status}</Badge>
        <Text size="xs">{d.attempts} attempts</Text>
      </Table.Td>
      <Table.Td>
        <Text size="sm">{lastAnswer(d)}</Text>
        {d.status === 'pending' && d.nextAttemptAt && <Text size="xs">Next try {formatDateTime(d.nextAttemptAt)}</Text>}
      </Table.Td>
      <Table.Td>{formatDateTime(d.createdAt)}</Table.Td>
      <Table.Td>
        <Button size="xs" variant="light" onClick={onReplay} aria-label={`Replay ${d.eventType} ${d.messageId}`}>
          Replay
        </Button>
      </Table.Td>
    </Table.Tr>
  );
}
