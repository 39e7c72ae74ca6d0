import { Anchor, Button, Paper, Stack, Text, Title } from '@mantine/core';
import { IconFileText, IconNavigation, IconPhone } from '@tabler/icons-react';
import type { DriverTrip } from './api/trip.ts';
import { useDriverText } from './trip-words.ts';
import { touchButton } from './touch.ts';

type Place = DriverTrip['pickup'] & { latitude?: number | null; longitude?: number | null };

/** Google Maps' directions to the place: by its coordinates when known, else by its address. */
export function directionsUrl(place: Place): string | null {
  if (typeof place.latitude === 'number' && typeof place.longitude === 'number') {
    return `https://www.google.com/maps/dir/?api=1&destination=${place.latitude},${place.longitude}`;
  }
  const where = [place.name, place.address, place.city].filter(Boolean).join(', ');
  return where ? `https://www.google.com/maps/dir/?api=1&destination=${encodeURIComponent(where)}` : null;
}

/** A `tel:` address of an Indian number as typed ("98220 55511" → tel:+919822055511). */
export function telUrl(phone: string): string {
  const digits = phone.replace(/[^\d+]/g, '');
  return /^\d{10}$/.test(digits) ? `tel:+91${digits}` : `tel:${digits}`;
}

/** One stop: its name, address and city, a call button for its contact and the directions. */
function Stop({ title, place }: { title: string; place: Place }) {
  const { t } = useDriverText();
  const directions = directionsUrl(place);
  const name = place.name ?? title;
  return (
    <Stack gap={6} role="listitem">
      <Text size="sm" fw={700} c="dimmed" tt="uppercase">
        {title}
      </Text>
      <Text fw={600}>{name}</Text>
      {(place.address || place.city) && <Text size="sm">{[place.address, place.city].filter(Boolean).join(', ')}</Text>}
      <Stack gap="xs">
        {place.contactPhone && (
          <Button
            component="a"
            href={telUrl(place.contactPhone)}
            variant="default"
            size="md"
            mih={44}
            styles={touchButton}
            leftSection={<IconPhone size={18} />}
          >
            {t('call', { name: place.contactName ?? t('contact') })}
          </Button>
        )}
        {directions && (
          <Button
            component="a"
            href={directions}
            target="_blank"
            rel="noopener noreferrer"
            variant="default"
            size="md"
            mih={44}
            styles={touchButton}
            fullWidth
            leftSection={<IconNavigation size={18} />}
            aria-label={t('directionsTo', { place: name })}
          >
            {t('directions')}
          </Button>
        )}
      </Stack>
    </Stack>
  );
}

/** Pickup, then each drop in order. */
export function TripStops({ trip }: { trip: DriverTrip }) {
  const { t } = useDriverText();
  return (
    <Paper withBorder p="md" radius="md" component="section" aria-labelledby="trip-stops">
      <Title order={2} size="h4" id="trip-stops" mb="sm">
        {t('stops')}
      </Title>
      <Stack gap="lg" role="list">
        <Stop title={t('pickup')} place={trip.pickup} />
        {trip.drops.map((drop, i) => (
          <Stop
            key={[drop.name, drop.address, drop.latitude, drop.longitude].join('|')}
            title={trip.drops.length > 1 ? t('dropN', { n: i + 1 }) : t('drop')}
            place={drop}
          />
        ))}
      </Stack>
    </Paper>
  );
}

/** The trip's papers (LR, e-way bills), each opened from the server under the link. */
export function TripDocuments({ trip }: { trip: DriverTrip }) {
  const { t } = useDriverText();
  return (
    <Paper withBorder p="md" radius="md" component="section" aria-labelledby="trip-documents">
      <Title order={2} size="h4" id="trip-documents" mb="sm">
        {t('documents')}
      </Title>
      {trip.documents.length === 0 ? (
        <Text size="sm">{t('noDocuments')}</Text>
      ) : (
        <Stack gap="xs">
          {trip.documents.map((d) => (
            <Anchor
              key={d.url}
              href={d.url}
              target="_blank"
              rel="noopener noreferrer"
              mih={44}
              display="flex"
              style={{ alignItems: 'center', gap: 8 }}
            >
              <IconFileText size={20} aria-hidden />
              {d.name}
            </Anchor>
          ))}
        </Stack>
      )}
    </Paper>
  );
}
