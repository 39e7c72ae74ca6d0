import { Alert, Button, Grid, Group, Loader, Paper, Stack, Title } from '@mantine/core';
import { IconClock, IconList, IconPackage } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense } from 'react';
import { Link, useParams } from 'react-router';
import type { OrderTrack } from '@freightdesk/shared/schemas/tracking';
import type { TrackMapStop, TrackMapVehicle } from '../../components/map/track-map.tsx';
import { ApiError } from '../../lib/api.ts';
import { useTrackingEvents } from '../../lib/socket.ts';
import { type Dir, orderTrackKey, orderTrackQuery, useMapTiles } from './queries.ts';
import { ShareLinks } from './share-links.tsx';
import { ageText } from './tracking-words.ts';
import { HaltList, TripFacts } from './trip-facts.tsx';

const TrackMap = lazy(() => import('../../components/map/track-map.tsx'));

/** The order's detail page (inbound orders live under `detail/`, as the spec's routes have them). */
export const orderDetailPath = (dir: Dir, id: number) => (dir === 'inbound' ? `/order/inbound/detail/${id}` : `/order/outbound/${id}`);
export const trackPath = (dir: Dir, id: number, number: string) => `/order/${dir}/track/${id}/${encodeURIComponent(number)}`;
export const placesPath = (dir: Dir, id: number, number: string) => `/order/${dir}/locations/${id}/${encodeURIComponent(number)}`;

/** The map's drawing of a track: located stops, the trail, and the vehicle at its last fix. */
export function mapPartsOf(track: Pick<OrderTrack, 'stops' | 'trail' | 'lastPosition' | 'vehicleNumber'>) {
  const stops: TrackMapStop[] = track.stops.flatMap((s) =>
    s.latitude === null || s.longitude === null
      ? []
      : [{ label: s.label, kind: s.kind, latitude: s.latitude, longitude: s.longitude, reached: Boolean(s.arrivedAt) }],
  );
  const trail = track.trail.map(([lat, lng]) => [lat, lng] as [number, number]);
  const last = track.lastPosition;
  const vehicle: TrackMapVehicle | null = last
    ? { latitude: last.latitude, longitude: last.longitude, label: `${track.vehicleNumber ?? 'Vehicle'} · ${ageText(last.ageMinutes)}` }
    : null;
  return { stops, trail, vehicle };
}

/**
 * `/order/{dir}/track/:id/:orderId`: the order's live map (planned stops, trail, vehicle), its last
 * position, ETA and halts, and its public links. Positions arrive live through the order's room.
 */
export function OrderTrackPage({ dir }: { dir: Dir }) {
  const id = Number(useParams().id);
  const { data: track, error, isPending } = useQuery({ ...orderTrackQuery(dir, id), enabled: id > 0 });
  const tiles = useMapTiles();
  useTrackingEvents(id > 0 ? { orderId: id } : undefined, [orderTrackKey(dir, id)]);
  if (isPending) {
    return <Loader aria-label="Loading the track" />;
  }
  if (error || !track) {
    return (
      <Alert color="red" title="This order's track cannot be shown">
        {error instanceof ApiError ? error.message : 'Try again in a moment.'}
      </Alert>
    );
  }
  const parts = mapPartsOf(track);
  return (
    <Stack gap="md">
      <Group justify="space-between" wrap="wrap">
        <Title order={2}>Live tracking: {track.orderNumber}</Title>
        <Group gap="sm">
          <Button variant="default" component={Link} to={placesPath(dir, id, track.orderNumber)} leftSection={<IconList size={16} />}>
            Places
          </Button>
          <Button variant="default" component={Link} to={`/${dir}-tracking/schedule-map/${id}`} leftSection={<IconClock size={16} />}>
            Schedule
          </Button>
          <Button variant="default" component={Link} to={orderDetailPath(dir, id)} leftSection={<IconPackage size={16} />}>
            Open order
          </Button>
        </Group>
      </Group>
      <Grid gap="md">
        <Grid.Col span={{ base: 12, md: 8 }}>
          <Paper withBorder radius="md" p={4}>
            <Suspense fallback={<Loader />}>
              <TrackMap {...parts} tiles={tiles} height={460} label={`Live map of ${track.orderNumber}`} />
            </Suspense>
          </Paper>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 4 }}>
          <Stack gap="md">
            <TripFacts track={track} />
            <ShareLinks dir={dir} orderId={id} orderNumber={track.orderNumber} />
          </Stack>
        </Grid.Col>
      </Grid>
      <HaltList halts={track.halts} />
    </Stack>
  );
}
