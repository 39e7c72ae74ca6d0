import { Alert, Button, Grid, Group, Loader, Paper, Stack } from '@mantine/core';
import { IconClock, IconList, IconPackage, IconRoute, IconSettings } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useState } from 'react';
import { Link, useParams } from 'react-router';
import type { OrderTrack } from '@freightdesk/shared/schemas/tracking';
import type { MapTiles, TrackMapStop, TrackMapVehicle } from '../../components/map/track-map.tsx';
import { TrackingMethodDialog } from '../../domain/tracking/tracking-method-dialog.tsx';
import { ApiError } from '../../lib/api.ts';
import { useTrackingEvents } from '../../lib/socket.ts';
import { type Dir, orderTrackKey } from './api/tracking-keys.ts';
import { useOrderTrack } from './api/get-order-track.ts';
import { useMapTiles } from './api/get-map.ts';
import { ShareLinks } from './share-links.tsx';
import { ageText } from './tracking-words.ts';
import { HaltList, TripFacts } from './trip-facts.tsx';
import { PageTitle } from '../../components/layout/page.tsx';

const TrackMap = lazy(() => import('../../components/map/track-map.tsx'));

/** The order's detail page (inbound orders live under `detail/`, as the spec's routes have them). */
export const orderDetailPath = (dir: Dir, id: number) => (dir === 'inbound' ? `/order/inbound/detail/${id}` : `/order/outbound/${id}`);
export const trackPath = (dir: Dir, id: number, number: string) => `/order/${dir}/track/${id}/${encodeURIComponent(number)}`;
export const placesPath = (dir: Dir, id: number, number: string) => `/order/${dir}/locations/${id}/${encodeURIComponent(number)}`;

/** The page of a provider's own reads: FASTag crossings, the rake's reports, the SIM consent and pings. */
export function providerLink(dir: Dir, id: number, number: string, method: string | undefined): { to: string; label: string } | null {
  const n = encodeURIComponent(number);
  switch (method) {
    case 'fastag':
      return {
        to: dir === 'inbound' ? `/order/inbound/${id}/${n}` : `/order/outbound/locations-tracking/${id}/${n}/fastag`,
        label: 'Toll crossings',
      };
    case 'rail':
      return { to: `/${dir}tracking/rail-location/${id}`, label: 'Rail location' };
    case 'sim':
      return { to: `/${dir}-tracking/phonesim-address-list/${id}`, label: 'SIM consent & pings' };
    default:
      return null;
  }
}

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

/** The page's title and its ways out: the provider's page, places, schedule and the order. */
function OrderTrackHead({ dir, id, track }: { dir: Dir; id: number; track: OrderTrack }) {
  const provider = providerLink(dir, id, track.orderNumber, track.tracking?.method);
  return (
    <Group justify="space-between" wrap="wrap">
      <PageTitle>Live tracking: {track.orderNumber}</PageTitle>
      <Group gap="sm">
        {provider && (
          <Button variant="default" component={Link} to={provider.to} leftSection={<IconRoute size={16} />}>
            {provider.label}
          </Button>
        )}
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
  );
}

type GridProps = { dir: Dir; id: number; track: OrderTrack; tiles: MapTiles | undefined; onChoose: () => void };

/** The live map beside the trip's facts, the tracking choice and the public links. */
function OrderTrackGrid({ dir, id, track, tiles, onChoose }: GridProps) {
  const open = !['delivered', 'closed', 'rejected', 'cancelled'].includes(track.status);
  return (
    <Grid gap="md">
      <Grid.Col span={{ base: 12, md: 8 }}>
        <Paper withBorder radius="md" p={4}>
          <Suspense fallback={<Loader />}>
            <TrackMap {...mapPartsOf(track)} tiles={tiles} height={460} label={`Live map of ${track.orderNumber}`} />
          </Suspense>
        </Paper>
      </Grid.Col>
      <Grid.Col span={{ base: 12, md: 4 }}>
        <Stack gap="md">
          <TripFacts track={track} />
          {open && (
            <Button variant="light" leftSection={<IconSettings size={16} />} onClick={onChoose}>
              {track.tracking ? 'Change tracking' : 'Set tracking'}
            </Button>
          )}
          <ShareLinks dir={dir} orderId={id} orderNumber={track.orderNumber} />
        </Stack>
      </Grid.Col>
    </Grid>
  );
}

/**
 * `/order/{dir}/track/:id/:orderId`: the order's live map (planned stops, trail, vehicle), its last
 * position, ETA and halts, and its public links. Positions arrive live through the order's room.
 */
export function OrderTrackPage({ dir }: { dir: Dir }) {
  const id = Number(useParams().id);
  const { data: track, error, isPending } = useOrderTrack(dir, id);
  const tiles = useMapTiles();
  const queryClient = useQueryClient();
  const [choosing, setChoosing] = useState(false);
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
  return (
    <Stack gap="md">
      <OrderTrackHead dir={dir} id={id} track={track} />
      <OrderTrackGrid dir={dir} id={id} track={track} tiles={tiles} onChoose={() => setChoosing(true)} />
      <HaltList halts={track.halts} />
      {choosing && (
        <TrackingMethodDialog
          endpoint={`/tracking/${dir}/orders/${id}/method`}
          orderNumber={track.orderNumber}
          vehicleNumber={track.vehicleNumber}
          current={track.tracking}
          onClose={() => setChoosing(false)}
          onSaved={() => void queryClient.invalidateQueries({ queryKey: orderTrackKey(dir, id) })}
        />
      )}
    </Stack>
  );
}
