import { Badge, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { lazy, Suspense } from 'react';
import type { OrderStop } from '@freightdesk/shared/schemas/order-detail';
import type { MapStop } from '../../components/map/stops-map.tsx';

const StopsMap = lazy(() => import('../../components/map/stops-map.tsx'));

const stopName = (s: OrderStop) => (s.city && !s.label.includes(s.city) ? `${s.label}, ${s.city}` : s.label);

/** The stops that have a place on the map. */
function mapStops(lane: OrderStop[]): MapStop[] {
  return lane.flatMap((s) =>
    s.latitude !== null && s.longitude !== null
      ? [{ key: `${s.seq}`, label: stopName(s), kind: s.kind, latitude: s.latitude, longitude: s.longitude }]
      : [],
  );
}

/** The order's lane: the pickup and every drop-off in order, and a map of the planned stops. */
export function OrderLaneCard({ lane }: { lane: OrderStop[] }) {
  const onMap = mapStops(lane);
  let drop = 0;
  return (
    <Stack gap="sm">
      <Title order={4}>Lane</Title>
      {lane.length === 0 && <Text c="dimmed">This order has no stops recorded.</Text>}
      <Stack gap={6} component="ol" style={{ listStyle: 'none', padding: 0, margin: 0 }} aria-label="Stops">
        {lane.map((s) => {
          drop += s.kind === 'drop' ? 1 : 0;
          return (
            <Group key={s.seq} component="li" gap="xs" wrap="nowrap">
              <Badge variant="light" color={s.kind === 'pickup' ? 'blue' : 'orange'} w={96}>
                {s.kind === 'pickup' ? 'Pickup' : `Drop-off ${drop}`}
              </Badge>
              <Text size="sm">{stopName(s)}</Text>
            </Group>
          );
        })}
      </Stack>
      {onMap.length > 0 && (
        <Suspense fallback={<Loader size="sm" />}>
          <StopsMap stops={onMap} label="Map of the order's planned stops" />
        </Suspense>
      )}
    </Stack>
  );
}
