import { Button, Group, Select } from '@mantine/core';
import { IconMap } from '@tabler/icons-react';
import type { ColumnDef } from '@tanstack/react-table';
import { Link, useParams } from 'react-router';
import { POSITION_SOURCE_LABEL, POSITION_SOURCES, type PositionSource, type TrackPlace } from '@freightdesk/shared/schemas/tracking';
import { DataTable } from '../../components/data-table/data-table.tsx';
import { useListParams } from '../../components/data-table/use-list-params.ts';
import { formatDateTime } from '../../lib/format.ts';
import { trackPath } from './order-track-page.tsx';
import type { Dir } from './api/tracking-keys.ts';
import { useTrackPlaces } from './api/get-track-places.ts';
import { speedText } from './tracking-words.ts';
import { PageTitle } from '../../components/layout/page.tsx';

const columns: ColumnDef<TrackPlace, unknown>[] = [
  { id: 'fixTime', header: 'Time', cell: ({ row }) => formatDateTime(row.original.fixTime) },
  {
    id: 'address',
    header: 'Place',
    cell: ({ row }) => row.original.address ?? (row.original.latitude === null ? 'No fix (cell / wifi only)' : '—'),
  },
  {
    id: 'coordinates',
    header: 'Coordinates',
    cell: ({ row }) =>
      row.original.latitude === null || row.original.longitude === null
        ? '—'
        : `${row.original.latitude.toFixed(5)}, ${row.original.longitude.toFixed(5)}`,
  },
  { id: 'speed', header: 'Speed', cell: ({ row }) => speedText(row.original.speedKmh) },
  { id: 'source', header: 'Source', cell: ({ row }) => POSITION_SOURCE_LABEL[row.original.source] },
  { id: 'receivedAt', header: 'Received', cell: ({ row }) => formatDateTime(row.original.receivedAt) },
];

/** The order's positions as places, newest first, paginated on the server; `source` fixed, or chosen by the user. */
export function PlacesTable({ dir, id, source: fixed }: { dir: Dir; id: number; source?: PositionSource }) {
  const params = useParams();
  const list = useListParams(['source']);
  // `locations-tracking/:id/:orderId/:trackingtype` opens the list on one source (fastag, sim …).
  const typed = POSITION_SOURCES.find((s) => s === params.trackingtype);
  const source = fixed ?? list.list.filters.source ?? typed;
  const listQuery = useTrackPlaces(dir, id, { ...list.query, source });
  const { data } = listQuery;
  return (
    <>
      {!fixed && (
        <Group mb="sm">
          <Select
            label="Source"
            placeholder="Every source"
            clearable
            w={220}
            data={POSITION_SOURCES.map((s) => ({ value: s, label: POSITION_SOURCE_LABEL[s] }))}
            value={source ?? null}
            onChange={(v) => list.update({ source: v })}
          />
        </Group>
      )}
      <DataTable
        caption="Places"
        columns={columns}
        data={data?.data ?? []}
        total={data?.total ?? 0}
        query={listQuery}
        getRowId={(p) => p.id}
        {...list.table}
      />
    </>
  );
}

/** `/order/{dir}/locations/:id/:orderId` (and outbound `locations-tracking/…/:trackingtype`): the order's positions as places with addresses. */
export function PlacesPage({ dir }: { dir: Dir }) {
  const params = useParams();
  const id = Number(params.id);
  const number = params.orderId ?? String(id);
  return (
    <>
      <Group justify="space-between" mb="md" wrap="wrap">
        <PageTitle>Places of {number}</PageTitle>
        <Button variant="default" component={Link} to={trackPath(dir, id, number)} leftSection={<IconMap size={16} />}>
          Live map
        </Button>
      </Group>
      <PlacesTable dir={dir} id={id} />
    </>
  );
}
