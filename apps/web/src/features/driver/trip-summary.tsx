import { Anchor, Badge, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { formatDateTime } from '../../lib/format.ts';
import type { DriverTrip, TripMove } from './api/trip.ts';
import { telUrl } from './trip-stops.tsx';
import { useDriverText } from './trip-words.ts';

/** A label and its value, one line each on a phone. */
function Fact({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <Stack gap={0}>
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      <Text fw={600} component="div">
        {children}
      </Text>
    </Stack>
  );
}

/**
 * The trip at a glance: the order number as the page's one heading, the vehicle, the status (and a
 * move made offline shown done, waiting to send), the loading time and the transporter to call.
 */
export function TripSummary({ trip, waiting }: { trip: DriverTrip; waiting: readonly TripMove[] }) {
  const { t } = useDriverText();
  return (
    <Paper withBorder p="md" radius="md">
      <Stack gap="sm">
        <Stack gap={2}>
          <Title order={1} size="h2">
            {t('pageTitle', { number: trip.orderNumber })}
          </Title>
          <Text size="sm">{t('shipper', { name: trip.shipper.name })}</Text>
        </Stack>
        <Group gap="lg" align="flex-start" wrap="wrap">
          <Fact label={t('vehicle')}>
            <span style={{ fontFamily: 'monospace', fontSize: '1.15em' }}>{trip.vehicleNumber ?? '—'}</span>
          </Fact>
          <Fact label={t('status')}>
            <Group gap={6} wrap="wrap">
              <Badge size="lg" variant="light" color="blue">
                {t(`state.${trip.status}`, { defaultValue: trip.statusLabel })}
              </Badge>
              {waiting.map((m) => (
                <Text key={m} c="orange.9" fw={700} size="sm">
                  {t('kept.doneWaiting', { move: t(`move.${m}`) })}
                </Text>
              ))}
            </Group>
          </Fact>
        </Group>
        {trip.pickupAt && <Fact label={t('pickupAt')}>{formatDateTime(trip.pickupAt)}</Fact>}
        <Fact label={t('transporter')}>
          {trip.carrier.name}
          {trip.carrier.phone && (
            <>
              {' · '}
              <Anchor href={telUrl(trip.carrier.phone)} display="inline-block" mih={44} pt={10}>
                {trip.carrier.phone}
              </Anchor>
            </>
          )}
        </Fact>
      </Stack>
    </Paper>
  );
}
