import { Anchor, Badge, Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { GATE_STATE_LABEL, type GateBoardRow, type GateState } from '@freightdesk/shared/schemas/execution';
import { formatDateTime } from '../../lib/format.ts';
import { type Dir, GATE_ACTION_LABEL, type GateAction, gateOrderPath, laneText, nextGateAction, turnaroundText } from './gate-helpers.ts';

export const STATE_COLOR: Record<GateState, string> = { expected: 'gray', reported: 'blue', inside: 'orange', left: 'green' };
const BILL: Record<Exclude<GateBoardRow['ewayBillState'], 'valid'>, { text: string; color: string }> = {
  none: { text: 'No e-way bill', color: 'gray' },
  expiring: { text: 'E-way bill expiring', color: 'orange' },
  expired: { text: 'E-way bill expired', color: 'red' },
};

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

/**
 * One vehicle on the gate board: who and what it carries, its times, the turnaround, and the one
 * next gate move as a big button (none once it left).
 */
/** The card's head: the vehicle and its gate state, when it is due if not today, what the order is at, and any flag. */
function CardHead({ row, vehicle, due }: { row: GateBoardRow; vehicle: string; due?: string }) {
  const bill = row.ewayBillState === 'valid' ? null : BILL[row.ewayBillState];
  return (
    <>
      {/* The state goes under the vehicle number when a narrow card (a tablet held upright) has no room for both. */}
      <Group justify="space-between" align="flex-start" gap={6}>
        <Title order={3} size="h4" style={{ letterSpacing: 1 }}>
          {vehicle}
        </Title>
        <Badge color={STATE_COLOR[row.state]} size="lg" variant="light" style={{ flexShrink: 0 }}>
          {GATE_STATE_LABEL[row.state]}
        </Badge>
      </Group>
      {due && (
        <Text size="sm" fw={700} c="blue.9">
          {due}
        </Text>
      )}
      <Group gap={6}>
        <Text size="sm" c="dimmed">
          {row.statusLabel}
        </Text>
        {row.vehicleMismatch && (
          <Badge color="red" variant="filled" size="sm">
            Other vehicle let in
          </Badge>
        )}
        {bill && (
          <Badge color={bill.color} variant="outline" size="sm">
            {bill.text}
          </Badge>
        )}
      </Group>
    </>
  );
}

export function GateCard({
  dir,
  plantName,
  row,
  onAction,
  due,
}: {
  dir: Dir;
  plantName: string;
  row: GateBoardRow;
  onAction: (action: GateAction) => void;
  /** A vehicle found on another day than the board's: when it is due ("Due in 3 days, 2026-12-08"). */
  due?: string;
}) {
  const action = nextGateAction(row);
  const vehicle = row.vehicleNumber ?? 'No vehicle';
  const turnaround = turnaroundText(row);
  return (
    <Card withBorder radius="md" padding="md" component="article" aria-label={`${vehicle}, ${row.orderNumber}`}>
      <Stack gap={6} h="100%">
        <CardHead row={row} vehicle={vehicle} due={due} />
        <Text size="sm">
          <b>{row.carrierName}</b> · {row.vehicleTypeName}
        </Text>
        <Text size="sm">Driver: {[row.driverName, row.driverMobile].filter(Boolean).join(' · ') || '—'}</Text>
        <Text size="sm">
          Order:{' '}
          <Anchor component={Link} to={gateOrderPath(dir, row)} size="sm">
            {row.orderNumber}
          </Anchor>
        </Text>
        <Text size="sm">{laneText(dir, plantName, row.otherEnd)}</Text>
        <Moment label="Pickup" at={row.pickupAt} />
        <Moment label="Reported" at={row.reportedAt} />
        <Moment label="Gate in" at={row.gateInAt} />
        <Moment label="Gate out" at={row.gateOutAt} />
        {turnaround && (
          <Text size="sm" fw={700} aria-label={turnaround}>
            {turnaround}
          </Text>
        )}
        {action && (
          <Button size="xl" fullWidth mt="auto" onClick={() => onAction(action)} aria-label={`${GATE_ACTION_LABEL[action]} ${vehicle}`}>
            {GATE_ACTION_LABEL[action]}
          </Button>
        )}
      </Stack>
    </Card>
  );
}
