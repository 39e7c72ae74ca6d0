import { Text, Timeline } from '@mantine/core';
import type { OrderTimelineEntry } from '@freightdesk/shared/schemas/order-detail';
import { type OrderStatus, orderStatusLabel } from '@freightdesk/shared/status/order';
import { formatDateTime } from '../../lib/format.ts';

/** The move as people name it: a POD decision reads as one, a same-status move as a change. */
export function moveTitle(e: OrderTimelineEntry, direction: number): string {
  const to = orderStatusLabel(e.to as OrderStatus, direction) ?? e.to;
  if (e.from === 'delivered' && e.to === 'arrived') {
    return 'POD sent back to the carrier';
  }
  if (e.from === 'delivered' && e.to === 'closed') {
    return 'POD accepted, closed';
  }
  // A same-status line is a change on the way (another vehicle, a document): its reason says what.
  return e.from && e.from === e.to ? 'Update' : to;
}

/** Every move of the order, oldest first: what it became, who (person and company), when and why. */
export function OrderTimeline({ entries, direction }: { entries: OrderTimelineEntry[]; direction: number }) {
  if (entries.length === 0) {
    return <Text c="dimmed">No moves yet.</Text>;
  }
  return (
    <Timeline bulletSize={14} lineWidth={2} active={entries.length - 1} aria-label="Order timeline">
      {entries.map((e) => (
        // A move can repeat (a POD sent back, then delivered again), never at the same instant.
        <Timeline.Item key={`${e.at}-${e.from ?? ''}-${e.to}`} title={moveTitle(e, direction)}>
          <Text size="sm">
            {formatDateTime(e.at)} · <b>{e.byLabel}</b>
          </Text>
          {e.reason && (
            <Text size="sm" c="dimmed">
              {e.reason}
            </Text>
          )}
        </Timeline.Item>
      ))}
    </Timeline>
  );
}
