import { Alert, Loader, Paper, Stack, Table, Text } from '@mantine/core';
import { lazy, Suspense } from 'react';
import { useParams } from 'react-router';
import type { OrderTolls } from '@freightdesk/shared/schemas/tracking-providers';
import type { TrackMapMark } from '../../components/map/track-map.tsx';
import { ApiError } from '../../lib/api.ts';
import { formatDateTime } from '../../lib/format.ts';
import { useTrackingEvents } from '../../lib/socket.ts';
import { mapPartsOf } from './order-track-page.tsx';
import { ProviderHead } from './provider-facts.tsx';
import { type Dir, orderTrackKey } from './api/tracking-keys.ts';
import { useOrderTrack } from './api/get-order-track.ts';
import { useMapTiles } from './api/get-map.ts';
import { useTolls } from './api/get-provider-reads.ts';
import { IndexTh } from '../../components/data-table/index-column.tsx';

const TrackMap = lazy(() => import('../../components/map/track-map.tsx'));
const DIRECTION: Record<string, string> = { N: 'Northbound', S: 'Southbound', E: 'Eastbound', W: 'Westbound' };

/** The plazas the provider located, as marks on the map. */
const tollMarks = (data: OrderTolls): TrackMapMark[] =>
  data.crossings.flatMap((c) =>
    c.latitude === null || c.longitude === null
      ? []
      : [{ latitude: c.latitude, longitude: c.longitude, label: `${c.plaza} · ${formatDateTime(c.readAt)}` }],
  );

/** What the reading left out: duplicate reads and reads from before this trip. */
const tollNotes = (data: OrderTolls): string[] =>
  [
    data.duplicatesDropped ? `${data.duplicatesDropped} duplicate ${data.duplicatesDropped === 1 ? 'read' : 'reads'} dropped` : '',
    data.beforeStartIgnored
      ? `${data.beforeStartIgnored} ${data.beforeStartIgnored === 1 ? 'read' : 'reads'} from before this trip ignored`
      : '',
  ].filter(Boolean);

/** Each crossing once, in read order. */
function TollTable({ crossings }: { crossings: OrderTolls['crossings'] }) {
  return (
    <Table.ScrollContainer minWidth={640}>
      <Table striped withTableBorder aria-label="Toll crossings">
        <Table.Thead>
          <Table.Tr>
            <IndexTh />
            <Table.Th>Crossed</Table.Th>
            <Table.Th>Toll plaza</Table.Th>
            <Table.Th>Direction</Table.Th>
            <Table.Th>Location</Table.Th>
            <Table.Th>Read no.</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {crossings.map((c, i) => (
            <Table.Tr key={c.seqNo}>
              <Table.Td>{i + 1}</Table.Td>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDateTime(c.readAt)}</Table.Td>
              <Table.Td>{c.plaza}</Table.Td>
              <Table.Td>{c.direction ? (DIRECTION[c.direction] ?? c.direction) : '—'}</Table.Td>
              <Table.Td>
                {c.latitude === null || c.longitude === null
                  ? 'Not given by the provider'
                  : `${c.latitude.toFixed(4)}, ${c.longitude.toFixed(4)}`}
              </Table.Td>
              <Table.Td>{c.seqNo}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

/**
 * The trip's FASTag toll crossings (`/order/inbound/:id/:orderId`, outbound
 * `locations-tracking/…/fastag`, the boards' `tracking-detail/:id/:type`): each plaza once, in read
 * order, on the map beside the lane; a plaza the provider gives no location for is listed, not plotted.
 */
export function TollsPage({ dir }: { dir: Dir }) {
  const id = Number(useParams().id);
  const tolls = useTolls(dir, id);
  const track = useOrderTrack(dir, id);
  const tiles = useMapTiles();
  useTrackingEvents(id > 0 ? { orderId: id } : undefined, [orderTrackKey(dir, id)]);
  if (tolls.isPending) {
    return <Loader aria-label="Loading the toll crossings" />;
  }
  const data = tolls.data;
  if (tolls.error || !data) {
    return (
      <Alert color="red" title="The toll crossings cannot be shown">
        {tolls.error instanceof ApiError ? tolls.error.message : 'Try again in a moment.'}
      </Alert>
    );
  }
  const parts = track.data ? mapPartsOf(track.data) : { stops: [], trail: [], vehicle: null };
  const notes = tollNotes(data);
  return (
    <Stack gap="md">
      <ProviderHead
        dir={dir}
        id={id}
        number={data.number}
        title="Toll crossings"
        lastPolledAt={data.lastPolledAt}
        lastError={data.lastError}
      >
        {`FASTag of ${data.vehicleNumber ?? 'the vehicle'}.`} {notes.length ? `${notes.join('; ')}.` : ''}
      </ProviderHead>
      {data.method !== 'fastag' && (
        <Alert color="blue">This order is not tracked by FASTag now; the crossings read while it was are kept below.</Alert>
      )}
      <Paper withBorder radius="md" p={4}>
        <Suspense fallback={<Loader />}>
          <TrackMap
            stops={parts.stops}
            trail={parts.trail}
            vehicle={parts.vehicle}
            marks={tollMarks(data)}
            tiles={tiles}
            height={380}
            label={`Toll crossings of ${data.number}`}
          />
        </Suspense>
      </Paper>
      {data.crossings.length === 0 ? <Text c="dimmed">No toll plaza crossed yet.</Text> : <TollTable crossings={data.crossings} />}
    </Stack>
  );
}
