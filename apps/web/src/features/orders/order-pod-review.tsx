import { Alert, Badge, Button, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import type { Pod } from '@freightdesk/shared/schemas/pod';
import type { OrderDetail } from '@freightdesk/shared/schemas/order-detail';
import { formatDateTime } from '../../lib/format.ts';
import type { Dir } from './cancel-order-dialog.tsx';
import { Field } from './order-summary.tsx';
import { PodFile } from './pod-file.tsx';
import { AcceptPodDialog, RejectPodDialog } from './pod-decision-dialog.tsx';
import { orderApiBase } from './api/order-paths.ts';

const POD_STATUS: Record<Pod['status'], { label: string; color: string }> = {
  submitted: { label: 'Awaiting your review', color: 'yellow' },
  accepted: { label: 'Accepted', color: 'green' },
  rejected: { label: 'Sent back', color: 'red' },
};

/** A shortage or damage, with what the receiver wrote, shown where no one can miss it. */
function PodIssue({ pod }: { pod: Pod }) {
  if (!pod.hasIssue) {
    return null;
  }
  const parts = [pod.shortageQty > 0 && `Shortage: ${pod.shortageQty}`, pod.damageQty > 0 && `Damage: ${pod.damageQty}`].filter(Boolean);
  return (
    <Alert color="red" variant="filled" title={parts.join(' · ')}>
      {pod.remarks ?? 'No remarks given.'}
    </Alert>
  );
}

/** Earlier versions sent back, with why: the carrier delivered the proof again after each. */
function EarlierVersions({ versions }: { versions: Pod[] }) {
  if (versions.length === 0) {
    return null;
  }
  return (
    <Stack gap={4}>
      <Text size="sm" fw={600}>
        Earlier versions
      </Text>
      {versions.map((v) => (
        <Text key={v.id} size="sm" c="dimmed">
          Version {v.version}, submitted {formatDateTime(v.submittedAt)} by {v.submittedByName ?? 'the carrier'} —{' '}
          {v.status === 'rejected' ? `sent back by ${v.decidedByName ?? '—'}: ${v.decisionReason ?? ''}` : POD_STATUS[v.status].label}
        </Text>
      ))}
    </Stack>
  );
}

/**
 * The proof of delivery: the file, receiver, delivered at, shortage and damage with remarks; the
 * shipper accepts it (the order closes) or sends it back with a reason, when the order allows.
 */
export function OrderPodReview({ dir, order }: { dir: Dir; order: OrderDetail }) {
  const [deciding, setDeciding] = useState<'accept' | 'reject' | null>(null);
  const pod = order.pod;
  const receipt = dir === 'inbound';
  return (
    <Stack gap="sm" mb="lg">
      <Group justify="space-between">
        <Title order={4}>{receipt ? 'Receipt (proof of delivery)' : 'Proof of delivery'}</Title>
        <Group gap="xs">
          {order.actions.includes('acceptPod') && (
            <Button color="green" onClick={() => setDeciding('accept')}>
              Accept POD
            </Button>
          )}
          {order.actions.includes('rejectPod') && (
            <Button color="red" variant="light" onClick={() => setDeciding('reject')}>
              Send back
            </Button>
          )}
        </Group>
      </Group>
      {!pod ? (
        <Text c="dimmed">
          {receipt
            ? 'The receiving gate records the receipt when the vehicle is unloaded.'
            : 'The carrier has not delivered the proof yet.'}
        </Text>
      ) : (
        <>
          <Group gap="xs">
            <Badge color={POD_STATUS[pod.status].color}>{POD_STATUS[pod.status].label}</Badge>
            <Text size="sm" c="dimmed">
              Version {pod.version}, submitted {formatDateTime(pod.submittedAt)} by {pod.submittedByName ?? 'Freightdesk (automatic)'}
            </Text>
          </Group>
          <PodIssue pod={pod} />
          {pod.status !== 'submitted' && pod.decidedAt && (
            <Text size="sm">
              {pod.status === 'accepted' ? 'Accepted' : 'Sent back'} by {pod.decidedByName ?? '—'} on {formatDateTime(pod.decidedAt)}
              {pod.decisionReason ? `: ${pod.decisionReason}` : ''}
            </Text>
          )}
          <SimpleGrid cols={{ base: 1, sm: 2, lg: 4 }}>
            <Field label="Receiver">{pod.receiverName}</Field>
            <Field label="Receiver mobile">{pod.receiverMobile}</Field>
            <Field label="Delivered at">{formatDateTime(pod.deliveredAt)}</Field>
            <Field label="Shortage / damage">{pod.hasIssue ? `${pod.shortageQty} / ${pod.damageQty}` : 'None'}</Field>
          </SimpleGrid>
          {!pod.hasIssue && pod.remarks && <Text size="sm">{pod.remarks}</Text>}
          {pod.documentId && pod.fileName && (
            <PodFile path={`${orderApiBase(dir, order.id)}/documents/${pod.documentId}/download`} fileName={pod.fileName} />
          )}
          <EarlierVersions versions={order.podVersions.filter((v) => v.id !== pod.id)} />
        </>
      )}
      {deciding === 'accept' && <AcceptPodDialog dir={dir} order={order} onClose={() => setDeciding(null)} />}
      {deciding === 'reject' && <RejectPodDialog dir={dir} order={order} onClose={() => setDeciding(null)} />}
    </Stack>
  );
}
