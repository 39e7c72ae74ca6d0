import { Alert, Badge, Center, Group, Loader, SimpleGrid, Stack, Table, Text, Timeline } from '@mantine/core';
import { IconFlag, IconMapPin } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import type { EwayBillState } from '@freightdesk/shared/eway-bill';
import type { EwayBill } from '@freightdesk/shared/schemas/eway-bill';
import type { Pod } from '@freightdesk/shared/schemas/pod';
import type { OrderDetail, OrderStop } from '@freightdesk/shared/schemas/order-detail';
import type { Order } from '@freightdesk/shared/schemas/order';
import { formatDateTime, formatInr } from '../../lib/format.ts';
import { EmissionsCard } from '../../domain/emissions/emissions-card.tsx';
import { ConsignmentNoteSection } from './consignment-note-section.tsx';
import { DriverLinkSection } from './driver-link-dialog.tsx';
import { OrderDocuments } from './order-documents.tsx';
import { podState } from './order-moves.ts';
import { OrderTrackingSection } from './order-tracking.tsx';
import { useCarrierOrder } from './api/carrier-orders.ts';
import { OrderVerificationCard } from '../../domain/verification/order-verification-card.tsx';

const BILL_STATE: Record<EwayBillState, { label: string; color: string }> = {
  valid: { label: 'Valid', color: 'green' },
  expiring: { label: 'Expiring', color: 'orange' },
  expired: { label: 'Expired', color: 'red' },
  cancelled: { label: 'Cancelled', color: 'gray' },
};

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Stack gap={6}>
      <Text fw={600} size="sm">
        {title}
      </Text>
      {children}
    </Stack>
  );
}

/** Pickup, then every drop-off in order. */
function Lane({ stops }: { stops: OrderStop[] }) {
  if (stops.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        No stops recorded.
      </Text>
    );
  }
  const drops = stops.filter((s) => s.kind === 'drop');
  return (
    <Timeline bulletSize={20} lineWidth={2} role="group" aria-label="Lane">
      {stops.map((s) => (
        <Timeline.Item
          key={s.seq}
          bullet={s.kind === 'pickup' ? <IconMapPin size={12} /> : <IconFlag size={12} />}
          title={s.kind === 'pickup' ? 'Pickup' : drops.length > 1 ? `Drop-off ${drops.indexOf(s) + 1}` : 'Drop-off'}
        >
          <Text size="sm">{s.label}</Text>
          {s.city && (
            <Text size="xs" c="dimmed">
              {s.city}
            </Text>
          )}
        </Timeline.Item>
      ))}
    </Timeline>
  );
}

/** The newest POD: waiting, accepted, or sent back with the shipper's reason (then Delivered is offered again). */
function PodSummary({ pod, versions }: { pod: Pod | null; versions: number }) {
  const state = podState(pod);
  if (!pod || !state) {
    return (
      <Text size="sm" c="dimmed">
        Not delivered yet.
      </Text>
    );
  }
  const issue = [pod.shortageQty > 0 ? `${pod.shortageQty} short` : '', pod.damageQty > 0 ? `${pod.damageQty} damaged` : '']
    .filter(Boolean)
    .join(', ');
  return (
    <Stack gap={4} role="group" aria-label="Proof of delivery">
      <Group gap="xs">
        <Badge color={state.color} variant="light">
          {state.label}
        </Badge>
        {versions > 1 && (
          <Text size="xs" c="dimmed">
            version {pod.version} of {versions}
          </Text>
        )}
      </Group>
      {pod.status === 'rejected' ? (
        <Alert color="red" p="xs">
          Sent back{pod.decidedByName ? ` by ${pod.decidedByName}` : ''}: {state.note ?? 'no reason given'}. Use Delivered to submit it
          again.
        </Alert>
      ) : (
        state.note && (
          <Text size="xs" c="dimmed">
            {state.note}
          </Text>
        )
      )}
      <Text size="sm">
        Received by {pod.receiverName}
        {pod.receiverMobile ? ` (${pod.receiverMobile})` : ''} at {formatDateTime(pod.deliveredAt)}
      </Text>
      {issue && (
        <Text size="sm" c="orange.9">
          {issue}
          {pod.remarks ? `: ${pod.remarks}` : ''}
        </Text>
      )}
      {pod.fileName && (
        <Text size="xs" c="dimmed">
          File: {pod.fileName} (in the documents below)
        </Text>
      )}
    </Stack>
  );
}

/** The order's e-way bills, read-only (the shipper records them); narrow, so the order table keeps its width. */
function EwayBills({ bills }: { bills: EwayBill[] }) {
  if (bills.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        None recorded by the shipper yet.
      </Text>
    );
  }
  return (
    <Table withTableBorder fz="sm" verticalSpacing={4} aria-label="E-way bills">
      <Table.Thead>
        <Table.Tr>
          <Table.Th>Number</Table.Th>
          <Table.Th>Valid until</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {bills.map((b) => (
          <Table.Tr key={b.id}>
            <Table.Td>
              <Text size="sm" ff="monospace">
                {b.number}
              </Text>
              <Text size="xs" c="dimmed">
                {b.vehicleNumber ?? 'No vehicle'} · {formatInr(b.valueRupees)}
              </Text>
            </Table.Td>
            <Table.Td>
              <Text size="sm" c={b.state === 'expired' ? 'red' : undefined}>
                {formatDateTime(b.validUntil)}
              </Text>
              <Badge size="sm" variant="light" color={BILL_STATE[b.state].color}>
                {BILL_STATE[b.state].label}
              </Badge>
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

/** Under an order's row: the lane, the POD, the e-way bills, the tracking, the consignment note and the documents exchanged with the shipper. */
export function OrderPanel({ order }: { order: Order }) {
  const { data, isLoading, error } = useCarrierOrder(order.id);
  if (isLoading) {
    return (
      <Center h={80}>
        <Loader size="sm" />
      </Center>
    );
  }
  if (!data) {
    return <Alert color="red">{error?.message ?? 'Could not load the order.'}</Alert>;
  }
  const d: OrderDetail = data;
  return (
    <Stack gap="lg">
      <SimpleGrid cols={{ base: 1, md: 2, lg: 3 }} spacing="xl">
        <Section title="Lane">
          <Lane stops={d.lane} />
        </Section>
        <Section title="Proof of delivery">
          <PodSummary pod={d.pod} versions={d.podVersions.length} />
        </Section>
        <Section title="E-way bills">
          <EwayBills bills={d.ewayBills} />
        </Section>
        <Section title="Tracking">
          <OrderTrackingSection order={order} />
        </Section>
        <Section title="Driver's trip link">
          <DriverLinkSection order={order} />
        </Section>
        <Section title="Consignment note (LR)">
          <ConsignmentNoteSection order={d} />
        </Section>
        <Section title="Emissions (CO2e, well-to-wheel)">
          <EmissionsCard orderId={order.id} />
        </Section>
      </SimpleGrid>
      {order.vehicleNumber && <OrderVerificationCard path={`/carrier/orders/${order.id}/verification`} />}
      <OrderDocuments order={order} keep={d.podVersions.flatMap((p) => (p.documentId === null ? [] : [p.documentId]))} />
    </Stack>
  );
}
