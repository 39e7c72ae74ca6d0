import { Badge, Group, Paper, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import type { OrderTrack } from '@freightdesk/shared/schemas/tracking';
import { POSITION_SOURCE_LABEL, TRACKING_METHOD_LABEL } from '@freightdesk/shared/schemas/tracking';
import { ORDER_STATUS_LABEL } from '@freightdesk/shared/status/order';
import { formatDateTime } from '../../lib/format.ts';
import { ageText, delayText, spanText, speedText, TRIP_STATE_COLOR, TRIP_STATE_LABEL } from './tracking-words.ts';

function Fact({ label, value }: { label: string; value: string }) {
  return (
    <Stack gap={0}>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text size="sm" fw={500}>
        {value}
      </Text>
    </Stack>
  );
}

/** How the order is tracked, in a few words: "Phone app TC-1234", "FASTag MH12…", "Rail FNR …". */
function methodText(track: OrderTrack): string {
  const t = track.tracking;
  if (!t) {
    return 'Not set';
  }
  const what = t.device?.label ?? t.simNumber ?? t.fnr ?? t.vehicleNumber ?? '';
  return `${TRACKING_METHOD_LABEL[t.method]}${what ? ` · ${what}` : ''}`;
}

/** The side of the live map: state, last position (place, age, speed, source), ETA, delay, distance left. */
export function TripFacts({ track }: { track: OrderTrack }) {
  const last = track.lastPosition;
  return (
    <Paper withBorder p="md" radius="md" component="section" aria-label="Trip">
      <Group justify="space-between" mb="sm">
        <Title order={4}>{track.vehicleNumber ?? 'No vehicle yet'}</Title>
        <Group gap={6}>
          <Badge color={TRIP_STATE_COLOR[track.state]}>{TRIP_STATE_LABEL[track.state]}</Badge>
          {ORDER_STATUS_LABEL[track.status] !== TRIP_STATE_LABEL[track.state] && (
            <Badge variant="light" color="gray">
              {ORDER_STATUS_LABEL[track.status]}
            </Badge>
          )}
        </Group>
      </Group>
      <Stack gap="sm">
        <Stack gap={2} aria-label="Last position" role="group">
          <Text size="xs" c="dimmed">
            Last position
          </Text>
          {last ? (
            <>
              <Text size="sm" fw={500}>
                {last.place ?? `${last.latitude.toFixed(4)}, ${last.longitude.toFixed(4)}`}
              </Text>
              <Text size="sm">
                {ageText(last.ageMinutes)} · {speedText(last.speedKmh)} · {POSITION_SOURCE_LABEL[last.source]}
              </Text>
              <Text size="xs" c="dimmed">
                Fix at {formatDateTime(last.fixTime)}
              </Text>
            </>
          ) : (
            <Text size="sm">No position yet</Text>
          )}
        </Stack>
        <SimpleGrid cols={2} spacing="sm">
          <Fact label="ETA" value={formatDateTime(track.etaAt)} />
          <Fact label="Planned arrival" value={formatDateTime(track.plannedAt)} />
          <Fact label="Delay" value={delayText(track.delayMinutes)} />
          <Fact label="Distance left" value={track.kmLeft === null ? '—' : `${Math.round(track.kmLeft)} km`} />
        </SimpleGrid>
        <Fact label="Tracked by" value={methodText(track)} />
      </Stack>
    </Paper>
  );
}

/** Where a halt was: the server's words when they say more than "Halted", else its coordinates. */
function whereText(h: OrderTrack['halts'][number]): string {
  const at = h.latitude === null || h.longitude === null ? null : `${h.latitude.toFixed(4)}, ${h.longitude.toFixed(4)}`;
  const words = h.text && h.text !== 'Halted' ? h.text : null;
  return [words, at].filter(Boolean).join(' · ') || '—';
}

/** The halts of the trip (stationary outside a geofence), the open one first. */
export function HaltList({ halts }: { halts: OrderTrack['halts'] }) {
  return (
    <Paper withBorder p="md" radius="md" component="section" aria-labelledby="halts-title">
      <Title order={4} id="halts-title" mb="sm">
        Halts
      </Title>
      {halts.length === 0 ? (
        <Text size="sm" c="dimmed">
          No halt on this trip.
        </Text>
      ) : (
        <Table aria-labelledby="halts-title" striped>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>From</Table.Th>
              <Table.Th>Until</Table.Th>
              <Table.Th>For</Table.Th>
              <Table.Th>Where</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {halts.map((h) => (
              <Table.Tr key={h.at}>
                <Table.Td>{formatDateTime(h.at)}</Table.Td>
                <Table.Td>{h.endedAt ? formatDateTime(h.endedAt) : <Badge color="yellow">Still halted</Badge>}</Table.Td>
                <Table.Td>{spanText(h.at, h.endedAt)}</Table.Td>
                <Table.Td>{whereText(h)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
    </Paper>
  );
}
