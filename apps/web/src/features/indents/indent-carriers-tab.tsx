import { Badge, Table, Text } from '@mantine/core';
import { useInterval } from '@mantine/hooks';
import { useState } from 'react';
import {
  ALLOCATION_STATUS_LABEL,
  type AllocationStatus,
  type IndentAllocation,
  type IndentDetail,
} from '@freightdesk/shared/schemas/indent';
import { formatCountdown } from '../../domain/auction/auction-clock.ts';
import { formatDateTime, formatInr } from '../../lib/format.ts';
import { ALLOCATION_STATUS_COLOR } from '../../domain/indents/allocation-colors.ts';
import { IndexTh } from '../../components/data-table/index-column.tsx';

/** A carrier's turn as a badge: next in line, asked, accepted, rejected … */
export function TurnBadge({ status }: { status: AllocationStatus }) {
  return (
    <Badge color={ALLOCATION_STATUS_COLOR[status]} variant="light">
      {ALLOCATION_STATUS_LABEL[status]}
    </Badge>
  );
}

/** The answer-by time, with the time left ticking while the carrier is being asked. */
function Deadline({ turn }: { turn: IndentAllocation }) {
  const [now, setNow] = useState(Date.now);
  const asked = turn.status === 'offered' && turn.deadlineAt !== null;
  useInterval(() => setNow(Date.now()), 1000, { autoInvoke: true });
  if (!turn.deadlineAt) {
    return <Text c="dimmed">—</Text>;
  }
  const left = Date.parse(turn.deadlineAt) - now;
  return (
    <div>
      <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
        {formatDateTime(turn.deadlineAt)}
      </Text>
      {asked && (
        <Text
          size="sm"
          role="timer"
          aria-label={`Time left for ${turn.carrierName} to answer`}
          fw={700}
          c={left <= 0 ? 'gray' : left < 15 * 60_000 ? 'red' : 'blue'}
          style={{ fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' }}
        >
          {left > 0 ? `${formatCountdown(left)} left` : 'Time is up, passing on…'}
        </Text>
      )}
    </div>
  );
}

/** The waterfall: each carrier's turn in order, what it was asked and what it answered. */
export function IndentCarriersTab({ indent }: { indent: IndentDetail }) {
  return (
    <Table.ScrollContainer minWidth={1000}>
      <Table striped aria-label="Carriers asked">
        <Table.Thead>
          <Table.Tr>
            <IndexTh />
            <Table.Th>Carrier</Table.Th>
            <Table.Th>Role</Table.Th>
            <Table.Th>Contract and rate</Table.Th>
            <Table.Th>Status</Table.Th>
            <Table.Th>Vehicles asked / accepted</Table.Th>
            <Table.Th>Asked at</Table.Th>
            <Table.Th>Answer by</Table.Th>
            <Table.Th>Answered at</Table.Th>
            <Table.Th>Reason</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {indent.allocations.map((t) => (
            <Table.Tr key={t.id}>
              <Table.Td>{t.seq}</Table.Td>
              <Table.Td>{t.carrierName}</Table.Td>
              <Table.Td>{t.role === 'primary' ? 'Primary' : 'Backup'}</Table.Td>
              <Table.Td>
                <Text size="sm">{t.contractNumber ?? 'No contract'}</Text>
                <Text size="xs" c="dimmed">
                  {formatInr(t.rateRupees)} per trip{t.contractNumber ? '' : ' (the primary’s rate)'}
                </Text>
              </Table.Td>
              <Table.Td>
                <TurnBadge status={t.status} />
              </Table.Td>
              <Table.Td>
                {t.vehiclesAsked ?? '—'} / {t.vehiclesAccepted}
              </Table.Td>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDateTime(t.offeredAt)}</Table.Td>
              <Table.Td>
                <Deadline turn={t} />
              </Table.Td>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDateTime(t.answeredAt)}</Table.Td>
              <Table.Td>{t.reason ?? '—'}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
