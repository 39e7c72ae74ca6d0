import { Anchor, Badge, Group, Text } from '@mantine/core';
import { Link } from 'react-router';
import { ALLOCATION_STATUS_LABEL, type AllocationStatus, type CarrierIndent } from '@freightdesk/shared/schemas/indent';
import { orderLink } from './indent-answer.ts';
import { ALLOCATION_STATUS_COLOR } from '../../domain/indents/allocation-colors.ts';

/** The carrier's turn on the indent, as a badge: "Asked, waiting", "Accepted", "Did not answer in time" … */
export function IndentTurnBadge({ status }: { status: AllocationStatus }) {
  return (
    <Badge color={ALLOCATION_STATUS_COLOR[status]} variant="light">
      {ALLOCATION_STATUS_LABEL[status]}
    </Badge>
  );
}

/**
 * The orders the carrier's acceptance made, each a link to the orders page where its vehicle is
 * assigned; `limit` shows the first few and "+N more" to the indent's own page.
 */
export function IndentOrders({ indent, limit }: { indent: Pick<CarrierIndent, 'id' | 'orders'>; limit?: number }) {
  if (indent.orders.length === 0) {
    return <Text c="dimmed">—</Text>;
  }
  const shown = limit ? indent.orders.slice(0, limit) : indent.orders;
  const more = indent.orders.length - shown.length;
  return (
    <Group gap={6}>
      {shown.map((o) => (
        <Anchor key={o.id} component={Link} to={orderLink(o.number)} size="sm" style={{ whiteSpace: 'nowrap' }}>
          {o.number}
        </Anchor>
      ))}
      {more > 0 && (
        <Anchor component={Link} to={`/carrier/indents/${indent.id}`} size="sm">
          +{more} more
        </Anchor>
      )}
    </Group>
  );
}
