import { Badge, Group, Loader, Stack, Table, Text } from '@mantine/core';
import { lazy, Suspense } from 'react';
import { Link, useNavigate } from 'react-router';
import { type MapVehicle, TRIP_STATES } from '@freightdesk/shared/schemas/tracking';
import { countText } from '../../components/feedback/query-view.ts';
import { Page } from '../../components/layout/page.tsx';
import type { MapDot } from '../../components/map/vehicles-map.tsx';
import { useTrackingEvents } from '../../lib/socket.ts';
import { trackPath } from './order-track-page.tsx';
import { MAP_KEY } from './api/tracking-keys.ts';
import { useMapTiles, useMapVehicles } from './api/get-map.ts';
import {
  ageText,
  minutesSince,
  speedText,
  stateCount,
  TRIP_STATE_COLOR,
  TRIP_STATE_HEX,
  TRIP_STATE_LABEL,
  TRIP_STATE_RANK,
} from './tracking-words.ts';

const VehiclesMap = lazy(() => import('../../components/map/vehicles-map.tsx'));

type Vehicle = MapVehicle;
const dirOf = (v: Vehicle) => (v.requestType === 2 ? 'inbound' : 'outbound');

/** Each vehicle as a dot coloured by its trip's state; a click opens the order's live map. */
function dotsOf(vehicles: Vehicle[], open: (to: string) => void): MapDot[] {
  return vehicles.map((v) => ({
    key: String(v.orderId),
    latitude: v.latitude,
    longitude: v.longitude,
    color: TRIP_STATE_HEX[v.state],
    state: TRIP_STATE_LABEL[v.state],
    rank: TRIP_STATE_RANK[v.state],
    label: `${v.vehicleNumber ?? v.orderNumber} · ${TRIP_STATE_LABEL[v.state]} · ${speedText(v.speedKmh)} · ${ageText(minutesSince(v.fixTime))}`,
    onOpen: () => open(trackPath(dirOf(v), v.orderId, v.orderNumber)),
  }));
}

/** The active vehicles as a table under the map. */
function VehicleTable({ vehicles }: { vehicles: Vehicle[] }) {
  return (
    <Table.ScrollContainer minWidth={600} maxHeight={320}>
      <Table striped aria-label="Active vehicles">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Order</Table.Th>
            <Table.Th>Vehicle</Table.Th>
            <Table.Th>State</Table.Th>
            <Table.Th>Speed</Table.Th>
            <Table.Th>Last fix</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {vehicles.map((v) => (
            <Table.Tr key={v.orderId}>
              <Table.Td>
                <Link to={trackPath(dirOf(v), v.orderId, v.orderNumber)}>{v.orderNumber}</Link>
              </Table.Td>
              <Table.Td>{v.vehicleNumber ?? '—'}</Table.Td>
              <Table.Td>
                <Badge size="sm" color={TRIP_STATE_COLOR[v.state]}>
                  {TRIP_STATE_LABEL[v.state]}
                </Badge>
              </Table.Td>
              <Table.Td>{speedText(v.speedKmh)}</Table.Td>
              <Table.Td>{ageText(minutesSince(v.fixTime))}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

/**
 * `/all-in-one-map`: every active vehicle of the shipper, coloured by its trip's state and
 * clustered where they crowd (a cluster takes its worst vehicle's colour), live through both
 * directions' tracking rooms; a click opens the order's live map, or zooms into a cluster.
 */
export function AllInOneMapPage() {
  const navigate = useNavigate();
  const { data, isPending } = useMapVehicles();
  const tiles = useMapTiles();
  useTrackingEvents({ direction: 1 }, [MAP_KEY]);
  useTrackingEvents({ direction: 2 }, [MAP_KEY]);
  const vehicles = data ?? [];
  return (
    <Page title="All-in-one map">
      <Stack gap="sm">
        <Group gap="xs" role="list" aria-label="Vehicles by state">
          {TRIP_STATES.map((s) => (
            <Badge key={s} role="listitem" color={TRIP_STATE_COLOR[s]} variant="light" aria-busy={data === undefined}>
              {TRIP_STATE_LABEL[s]}: {countText(stateCount(data, s))}
            </Badge>
          ))}
        </Group>
        {isPending ? (
          <Loader aria-label="Loading the vehicles" />
        ) : (
          <Suspense fallback={<Loader />}>
            <VehiclesMap dots={dotsOf(vehicles, (to) => navigate(to))} tiles={tiles} height="60vh" />
          </Suspense>
        )}
        {!isPending && vehicles.length === 0 && (
          <Text size="sm" c="dimmed">
            No vehicle with a position is on the road now.
          </Text>
        )}
        {vehicles.length > 0 && <VehicleTable vehicles={vehicles} />}
      </Stack>
    </Page>
  );
}
