import { Alert, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { IconMapPin, IconPlayerStop } from '@tabler/icons-react';
import type { DriverTrip } from './api/trip.ts';
import { clockTime, useDriverText } from './trip-words.ts';
import { type Sharing, useLocationSharing } from './use-location-sharing.ts';
import { touchButton } from './touch.ts';

const PROBLEM = {
  denied: 'location.denied',
  unavailable: 'location.unavailable',
  unsupported: 'location.unsupported',
  ended: 'location.ended',
} as const;

/** While sharing: "Sharing location · last sent 10:32", positions held without network, and Stop. */
function SharingNow({ sharing, onStop }: { sharing: Sharing; onStop: () => void }) {
  const { t } = useDriverText();
  return (
    <Stack gap="xs">
      <Text fw={600} role="status">
        {t('location.sharing')} ·{' '}
        {sharing.lastSentAt && sharing.status === 'on'
          ? t('location.lastSent', { time: clockTime(sharing.lastSentAt) })
          : t('location.notYet')}
      </Text>
      {sharing.held > 0 && !navigator.onLine && (
        <Text size="sm" c="orange.9">
          {t('location.held', { count: sharing.held })}
        </Text>
      )}
      <Button
        variant="default"
        size="lg"
        mih={48}
        styles={touchButton}
        fullWidth
        leftSection={<IconPlayerStop size={20} />}
        onClick={onStop}
      >
        {t('location.stop')}
      </Button>
    </Stack>
  );
}

/**
 * Location sharing with the driver's consent (record 0302): what is shared, with whom and when
 * ("only while this page is open"), then a button to start; a refusal said plainly, with how to allow it.
 */
export function LocationCard({ token, trip }: { token: string; trip: DriverTrip }) {
  const { t } = useDriverText();
  const { sharing, start, stop } = useLocationSharing(token, trip.locationSharing.lastAt);
  const active = sharing.status === 'on' || sharing.status === 'starting';
  const problem = sharing.status in PROBLEM ? PROBLEM[sharing.status as keyof typeof PROBLEM] : null;
  return (
    <Paper withBorder p="md" radius="md" component="section" aria-labelledby="trip-location">
      <Stack gap="sm">
        <Group gap="xs" wrap="nowrap">
          <IconMapPin size={22} aria-hidden />
          <Title order={2} size="h4" id="trip-location">
            {t('location.title')}
          </Title>
        </Group>
        <Text size="sm">{t('location.explain', { carrier: trip.carrier.name, shipper: trip.shipper.name })}</Text>
        {problem && (
          <Alert color={sharing.status === 'ended' ? 'gray' : 'red'} role="alert">
            {t(problem)}
          </Alert>
        )}
        {active ? (
          <SharingNow sharing={sharing} onStop={stop} />
        ) : (
          sharing.status !== 'ended' &&
          sharing.status !== 'unsupported' && (
            <Button size="lg" mih={48} styles={touchButton} fullWidth variant="light" onClick={start}>
              {t('location.start')}
            </Button>
          )
        )}
      </Stack>
    </Paper>
  );
}
