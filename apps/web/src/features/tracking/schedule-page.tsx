import { Alert, Badge, Button, Grid, Group, Loader, Paper, Stack, Table } from '@mantine/core';
import { IconMap } from '@tabler/icons-react';
import { lazy, Suspense } from 'react';
import { Link, useParams } from 'react-router';
import type { OrderSchedule } from '@freightdesk/shared/schemas/tracking';
import { ApiError } from '../../lib/api.ts';
import { formatDateTime } from '../../lib/format.ts';
import { useTrackingEvents } from '../../lib/socket.ts';
import { mapPartsOf, trackPath } from './order-track-page.tsx';
import { type Dir, orderTrackKey } from './api/tracking-keys.ts';
import { useOrderTrack } from './api/get-order-track.ts';
import { useMapTiles } from './api/get-map.ts';
import { useSchedule } from './api/get-schedule.ts';
import { delayText } from './tracking-words.ts';
import { IndexTh } from '../../components/data-table/index-column.tsx';
import { PageTitle } from '../../components/layout/page.tsx';

const TrackMap = lazy(() => import('../../components/map/track-map.tsx'));

type Row = OrderSchedule['rows'][number];

/** Late beyond the grace is orange, early or on time green; a stop not reached yet shows its ETA's. */
function DeltaBadge({ row }: { row: Row }) {
  if (row.deltaMinutes === null) {
    return '—';
  }
  const late = row.deltaMinutes >= 5;
  return (
    <Badge color={late ? 'orange' : 'green'} variant={row.actualAt ? 'filled' : 'light'}>
      {delayText(row.deltaMinutes)}
      {row.actualAt ? '' : ' (ETA)'}
    </Badge>
  );
}

/** Every stop's planned time against the actual one (or the ETA); on a phone it scrolls in its own box. */
function ScheduleTable({ rows }: { rows: Row[] }) {
  return (
    <Table.ScrollContainer minWidth={480}>
      <Table aria-label="Planned against actual" striped>
        <Table.Thead>
          <Table.Tr>
            <IndexTh />
            <Table.Th>Stop</Table.Th>
            <Table.Th>Planned</Table.Th>
            <Table.Th>Actual</Table.Th>
            <Table.Th>Difference</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((r, i) => (
            <Table.Tr key={r.seq}>
              <Table.Td>{i + 1}</Table.Td>
              <Table.Td>
                {r.kind === 'pickup' ? 'Pickup' : 'Drop-off'}: {r.label}
              </Table.Td>
              <Table.Td>{formatDateTime(r.plannedAt)}</Table.Td>
              <Table.Td>{r.actualAt ? formatDateTime(r.actualAt) : r.etaAt ? `ETA ${formatDateTime(r.etaAt)}` : '—'}</Table.Td>
              <Table.Td>
                <DeltaBadge row={r} />
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

/** `/{dir}-tracking/schedule-map/:id`: every stop on the map, and its planned time against the actual one (or the ETA). */
export function SchedulePage({ dir }: { dir: Dir }) {
  const id = Number(useParams().id);
  const schedule = useSchedule(dir, id);
  const track = useOrderTrack(dir, id);
  const tiles = useMapTiles();
  useTrackingEvents(id > 0 ? { orderId: id } : undefined, [orderTrackKey(dir, id)]);
  if (schedule.isPending) {
    return <Loader aria-label="Loading the schedule" />;
  }
  if (!schedule.data) {
    return (
      <Alert color="red" title="This order's schedule cannot be shown">
        {schedule.error instanceof ApiError ? schedule.error.message : 'Try again in a moment.'}
      </Alert>
    );
  }
  const { orderNumber, rows } = schedule.data;
  return (
    <Stack gap="md">
      <Group justify="space-between" wrap="wrap">
        <PageTitle>Schedule of {orderNumber}</PageTitle>
        <Button variant="default" component={Link} to={trackPath(dir, id, orderNumber)} leftSection={<IconMap size={16} />}>
          Live map
        </Button>
      </Group>
      <Grid gap="md">
        <Grid.Col span={{ base: 12, md: 5 }}>
          <Paper withBorder radius="md" p={4}>
            {track.data && (
              <Suspense fallback={<Loader />}>
                <TrackMap {...mapPartsOf(track.data)} tiles={tiles} height={380} label={`Map of the stops of ${orderNumber}`} />
              </Suspense>
            )}
          </Paper>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 7 }}>
          <Paper withBorder radius="md" p="md">
            <ScheduleTable rows={rows} />
          </Paper>
        </Grid.Col>
      </Grid>
    </Stack>
  );
}
