import { Alert, Badge, Grid, Group, Loader, Paper, SimpleGrid, Stack, Table, Text } from '@mantine/core';
import { lazy, Suspense } from 'react';
import { useParams } from 'react-router';
import type { OrderRail } from '@freightdesk/shared/schemas/tracking-providers';
import type { MapTiles, TrackMapMark } from '../../components/map/track-map.tsx';
import { ApiError } from '../../lib/api.ts';
import { formatDateTime } from '../../lib/format.ts';
import { useTrackingEvents } from '../../lib/socket.ts';
import { ProviderHead } from './provider-facts.tsx';
import { type Dir, orderTrackKey } from './api/tracking-keys.ts';
import { useMapTiles } from './api/get-map.ts';
import { useRail } from './api/get-provider-reads.ts';

const TrackMap = lazy(() => import('../../components/map/track-map.tsx'));

/** FOIS's last-report codes in words. */
const RAIL_STATUS: Record<string, string> = { AR: 'Arrived', DP: 'Departed', PL: 'Placed', RL: 'Released', LD: 'Loading', UL: 'Unloading' };
const statusWord = (s: string) => RAIL_STATUS[s] ?? (s || '—');

function RailFacts({ rail }: { rail: OrderRail }) {
  const fact = (label: string, value: string) => (
    <Stack gap={0}>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text size="sm" fw={500}>
        {value}
      </Text>
    </Stack>
  );
  return (
    <Paper withBorder p="md" radius="md" component="section" aria-label="Rake">
      <Group justify="space-between" mb="sm">
        <Text fw={600}>FNR {rail.fnr ?? '—'}</Text>
        {rail.current && <Badge>{statusWord(rail.current.status)}</Badge>}
      </Group>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
        {fact('From', rail.from ?? '—')}
        {fact('To', rail.to ?? '—')}
        {fact('Last reported at', rail.current?.station ?? '—')}
        {fact('Expected at destination', rail.eta ? formatDateTime(rail.eta) : '—')}
        {fact('Commodity', rail.commodity ?? '—')}
        {fact('Report', rail.current?.statusText ?? '—')}
      </SimpleGrid>
    </Paper>
  );
}

/** The located reports as map marks, the latest as the rake, and the reports in order as its trail. */
function railMapParts(data: OrderRail) {
  const located = data.reports.filter((r) => r.latitude !== null && r.longitude !== null);
  const marks: TrackMapMark[] = located.map((r) => ({
    latitude: r.latitude as number,
    longitude: r.longitude as number,
    label: `${r.station ?? 'Station'} · ${statusWord(r.status)} ${formatDateTime(r.at)}`,
  }));
  const [latest] = located;
  const vehicle = latest
    ? { latitude: latest.latitude as number, longitude: latest.longitude as number, label: `FNR ${data.fnr} · ${latest.station ?? ''}` }
    : null;
  const trail = [...located].reverse().map((r) => [r.latitude as number, r.longitude as number] as [number, number]);
  return { marks, vehicle, trail };
}

/** `rail-location`: where the rake was last reported, beside its journey facts. */
function RailLocation({ data, tiles }: { data: OrderRail; tiles: MapTiles | undefined }) {
  const { marks, vehicle, trail } = railMapParts(data);
  return (
    <Grid gap="md">
      <Grid.Col span={{ base: 12, md: 8 }}>
        <Paper withBorder radius="md" p={4}>
          <Suspense fallback={<Loader />}>
            <TrackMap
              stops={[]}
              trail={trail}
              vehicle={vehicle}
              marks={marks}
              tiles={tiles}
              height={420}
              label={`Rail location of ${data.number}`}
            />
          </Suspense>
        </Paper>
      </Grid.Col>
      <Grid.Col span={{ base: 12, md: 4 }}>
        <RailFacts rail={data} />
      </Grid.Col>
    </Grid>
  );
}

/** `rail-track-list`: the journey facts and every report, newest first. */
function RailReports({ data }: { data: OrderRail }) {
  return (
    <>
      <RailFacts rail={data} />
      {data.reports.length === 0 ? (
        <Text c="dimmed">No report from the railway yet.</Text>
      ) : (
        <Table.ScrollContainer minWidth={600}>
          <Table striped withTableBorder aria-label="Rail reports">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Reported</Table.Th>
                <Table.Th>Station</Table.Th>
                <Table.Th>Status</Table.Th>
                <Table.Th>Report</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {data.reports.map((r) => (
                <Table.Tr key={`${r.at}-${r.station}-${r.status}`}>
                  <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDateTime(r.at)}</Table.Td>
                  <Table.Td>{r.station ?? '—'}</Table.Td>
                  <Table.Td>{statusWord(r.status)}</Table.Td>
                  <Table.Td>{r.statusText ?? '—'}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </>
  );
}

/**
 * A rake by its FNR (FOIS): `rail-location/:id` shows where it was last reported on the map with
 * its journey facts; `rail-track-list/:id` lists every report, newest first.
 */
export function RailPage({ dir, view }: { dir: Dir; view: 'location' | 'list' }) {
  const id = Number(useParams().id);
  const rail = useRail(dir, id);
  const tiles = useMapTiles();
  useTrackingEvents(id > 0 ? { orderId: id } : undefined, [orderTrackKey(dir, id)]);
  if (rail.isPending) {
    return <Loader aria-label="Loading the rake" />;
  }
  const data = rail.data;
  if (rail.error || !data) {
    return (
      <Alert color="red" title="The rail tracking cannot be shown">
        {rail.error instanceof ApiError ? rail.error.message : 'Try again in a moment.'}
      </Alert>
    );
  }
  return (
    <Stack gap="md">
      <ProviderHead
        dir={dir}
        id={id}
        number={data.number}
        title={view === 'list' ? 'Rail reports' : 'Rail location'}
        lastPolledAt={data.lastPolledAt}
        lastError={data.lastError}
      >
        {data.notFound ? 'FOIS does not know this FNR yet; check the number on the railway receipt.' : ''}
      </ProviderHead>
      {view === 'location' ? <RailLocation data={data} tiles={tiles} /> : <RailReports data={data} />}
    </Stack>
  );
}
