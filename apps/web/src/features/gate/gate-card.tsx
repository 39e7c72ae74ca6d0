import { Anchor, Badge, Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import type { GateBoardRow, GateState } from '@freightdesk/shared/schemas/gate-board';
import { formatDateTime } from '../../lib/format.ts';
import { type Dir, type GateAction, gateOrderPath, laneText, nextGateAction, turnaroundText } from './gate-helpers.ts';
import type { KeptMark } from './kept-board.ts';
import { VerificationNote } from '../../domain/verification/verification-note.tsx';
import { type GateWords, useGateText } from './gate-words.ts';
import { useMessageWords } from '../../lib/message-words.ts';

export const STATE_COLOR: Record<GateState, string> = { expected: 'gray', reported: 'blue', inside: 'orange', left: 'green' };
const BILL: Record<Exclude<GateBoardRow['ewayBillState'], 'valid'>, { key: string; color: string }> = {
  none: { key: 'card.billNone', color: 'gray' },
  expiring: { key: 'card.billExpiring', color: 'orange' },
  expired: { key: 'card.billExpired', color: 'red' },
};

/** A row of the board, with what the guard's kept moves did to it (kept-board.ts). */
type CardRow = GateBoardRow & { kept?: KeptMark | null };

/** A time line of the card, only once it happened. */
function Moment({ label, at }: { label: string; at: string | null }) {
  return at ? (
    <Text size="sm">
      <Text span c="dimmed" size="sm">
        {label}:
      </Text>{' '}
      {formatDateTime(at)}
    </Text>
  ) : null;
}

/** The gate state, and what the outbox holds: waiting to send, or refused beside the state it led to. */
function StateBadges({ row, t }: { row: CardRow; t: GateWords }) {
  return (
    <Group gap={4} justify="flex-end" style={{ flexShrink: 0 }}>
      <Badge color={STATE_COLOR[row.state]} size="lg" variant="light">
        {t(`state.${row.state}`)}
      </Badge>
      {row.kept?.kind === 'waiting' && (
        <Badge color="orange" size="lg" variant="outline">
          {t('card.waiting')}
        </Badge>
      )}
      {row.kept?.kind === 'refused' && (
        <Badge color="red" size="lg" variant="outline">
          {t('card.notApplied', { state: t(`state.${row.kept.keptState}`) })}
        </Badge>
      )}
    </Group>
  );
}

/** The card's head: the vehicle and its gate state, when it is due if not today, what the order is at, and any flag. */
function CardHead(p: { dir: Dir; row: CardRow; vehicle: string; due?: string; t: GateWords }) {
  const { row, vehicle, due, t } = p;
  // The order's status as its direction reads it: outbound gate out is "In transit", inbound "Gate out".
  const status = row.status === 'gate_out' && p.dir === 'inbound' ? 'status.gate_out_inbound' : `status.${row.status}`;
  const bill = row.ewayBillState === 'valid' ? null : BILL[row.ewayBillState];
  return (
    <>
      {/* The state goes under the vehicle number when a narrow card (a tablet held upright) has no room for both. */}
      <Group justify="space-between" align="flex-start" gap={6}>
        <Title order={3} size="h4" style={{ letterSpacing: 1 }}>
          {vehicle}
        </Title>
        <StateBadges row={row} t={t} />
      </Group>
      {due && (
        <Text size="sm" fw={700} c="blue.9">
          {due}
        </Text>
      )}
      <Group gap={6}>
        <Text size="sm" c="dimmed">
          {t(status, { defaultValue: row.statusLabel })}
        </Text>
        {row.vehicleMismatch && (
          <Badge color="red" variant="filled" size="sm">
            {t('card.otherVehicle')}
          </Badge>
        )}
        {bill && (
          <Badge color={bill.color} variant="outline" size="sm">
            {t(bill.key)}
          </Badge>
        )}
      </Group>
    </>
  );
}

/** Who drives, which order, the lane and the times of the card. */
function CardBody({ dir, plantName, row, t }: { dir: Dir; plantName: string; row: CardRow; t: GateWords }) {
  const turnaround = turnaroundText(row);
  const said = turnaround && t(turnaround.key, { time: turnaround.time });
  return (
    <>
      <Text size="sm">
        <b>{row.carrierName}</b> · {row.vehicleTypeName}
      </Text>
      <Text size="sm">
        {t('card.driver')}: {[row.driverName, row.driverMobile].filter(Boolean).join(' · ') || '—'}
      </Text>
      <Text size="sm">
        {t('card.order')}:{' '}
        <Anchor component={Link} to={gateOrderPath(dir, row)} size="sm">
          {row.orderNumber}
        </Anchor>
      </Text>
      <Text size="sm">{laneText(dir, plantName, row.otherEnd)}</Text>
      <Moment label={t('card.pickup')} at={row.pickupAt} />
      <Moment label={t('card.reported')} at={row.reportedAt} />
      <Moment label={t('card.gateIn')} at={row.gateInAt} />
      <Moment label={t('card.gateOut')} at={row.gateOutAt} />
      {said && (
        <Text size="sm" fw={700} aria-label={said}>
          {said}
        </Text>
      )}
    </>
  );
}

/**
 * One vehicle on the gate board: who and what it carries, its times, the turnaround, and the one
 * next gate move as a big button (none once it left). A vehicle whose moves wait on the device is
 * shown where they lead, marked so, with the move after them.
 */
export function GateCard({
  dir,
  plantName,
  row,
  onAction,
  due,
}: {
  dir: Dir;
  plantName: string;
  row: CardRow;
  onAction: (action: GateAction) => void;
  /** A vehicle found on another day than the board's: when it is due ("Due in 3 days, 2026-12-08"). */
  due?: string;
}) {
  const { t } = useGateText();
  const say = useMessageWords();
  const action = nextGateAction(row);
  const vehicle = row.vehicleNumber ?? t('card.noVehicle');
  return (
    <Card withBorder radius="md" padding="md" component="article" aria-label={`${vehicle}, ${row.orderNumber}`}>
      <Stack gap={6} h="100%">
        <CardHead dir={dir} row={row} vehicle={vehicle} due={due} t={t} />
        {row.vehicleNumber && <VerificationNote verdict={row.verification} headline={t(`verify.${row.verification.level}`)} say={say} />}
        <CardBody dir={dir} plantName={plantName} row={row} t={t} />
        {row.kept?.held && (
          <Text size="sm" fw={500} c="red.9" mt="auto">
            {t('card.held')}
          </Text>
        )}
        {action && (
          <Button size="xl" fullWidth mt="auto" onClick={() => onAction(action)} aria-label={`${t(`action.${action}`)} ${vehicle}`}>
            {t(`action.${action}`)}
          </Button>
        )}
      </Stack>
    </Card>
  );
}
