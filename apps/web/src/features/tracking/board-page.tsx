import { Badge, Stack, Tabs, Text } from '@mantine/core';
import type { ColumnDef } from '@tanstack/react-table';
import { Link, useNavigate, useParams } from 'react-router';
import {
  type BoardResponse,
  type BoardRow,
  TRACKING_METHOD_LABEL,
  TRACKING_METHODS,
  TRACKING_TAB_LABEL,
  TRACKING_TABS,
  type TrackingTab,
} from '@freightdesk/shared/schemas/tracking';
import { DataTable } from '../../components/data-table/data-table.tsx';
import { ListToolbar, type ToolbarFilter } from '../../components/data-table/list-toolbar.tsx';
import { useListParams } from '../../components/data-table/use-list-params.ts';
import { Page } from '../../components/layout/page.tsx';
import { countText } from '../../components/feedback/query-view.ts';
import { formatDateTime } from '../../lib/format.ts';
import { useTrackingEvents } from '../../lib/socket.ts';
import { trackPath } from './order-track-page.tsx';
import { boardKey, DIRECTION, type Dir } from './api/tracking-keys.ts';
import { useBoard } from './api/get-board.ts';
import { ageText, delayText, minutesSince, speedText, TRIP_STATE_COLOR, TRIP_STATE_LABEL } from './tracking-words.ts';

/** The board's own pages of a provider's reads (spec: tracking-detail, phonesim-address-list, rail pages). */
function boardProviderPath(dir: Dir, id: number, method: string): string | null {
  if (method === 'fastag') {
    return `/${dir}-tracking/tracking-detail/${id}/fastag`;
  }
  if (method === 'sim') {
    return `/${dir}-tracking/phonesim-address-list/${id}`;
  }
  if (method === 'rail') {
    return dir === 'inbound' ? `/inbound-tracking/rail-track-list/${id}` : `/outboundtracking/rail-location/${id}`;
  }
  return null;
}

const FILTER_KEYS = ['plantId', 'carrierLinkId', 'method', 'pickupFrom', 'pickupTo'];

type Column = ColumnDef<BoardRow, unknown>;

/** The vehicle under its order, in one column, so a laptop's 1366 px show the board to its State. */
const orderColumn = (dir: Dir): Column => ({
  id: 'orderNumber',
  header: 'Order / vehicle',
  cell: ({ row: { original: r } }) => (
    <Stack gap={0}>
      <Link to={trackPath(dir, r.orderId, r.orderNumber)} style={{ whiteSpace: 'nowrap' }} aria-label={`Track ${r.orderNumber}`}>
        {r.orderNumber}
      </Link>
      <Text size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
        {r.vehicleNumber ?? 'No vehicle yet'}
      </Text>
    </Stack>
  ),
});

const lastPlaceColumn: Column = {
  id: 'lastPlace',
  header: 'Last place',
  cell: ({ row: { original: r } }) =>
    r.lastFixTime ? (
      <Stack gap={0}>
        <Text size="sm">{r.lastPlace ?? '—'}</Text>
        <Text size="xs" c="dimmed">
          {ageText(minutesSince(r.lastFixTime))} · {speedText(r.speedKmh)}
        </Text>
      </Stack>
    ) : (
      'No position yet'
    ),
};

/** The tracking kind, a link to the provider's own page where the board has one. */
const methodColumn = (dir: Dir): Column => ({
  id: 'method',
  header: 'Tracking',
  cell: ({ row: { original: r } }) => {
    const to = boardProviderPath(dir, r.orderId, r.method);
    return to ? (
      <Link to={to} aria-label={`${TRACKING_METHOD_LABEL[r.method]} of ${r.orderNumber}`}>
        {TRACKING_METHOD_LABEL[r.method]}
      </Link>
    ) : (
      TRACKING_METHOD_LABEL[r.method]
    );
  },
});

const stateColumn: Column = {
  id: 'state',
  header: 'State',
  cell: ({ row }) => (
    <Badge size="sm" color={TRIP_STATE_COLOR[row.original.state]}>
      {TRIP_STATE_LABEL[row.original.state]}
    </Badge>
  ),
};

function columnsFor(dir: Dir): Column[] {
  return [
    orderColumn(dir),
    { id: 'carrier', header: 'Carrier', cell: ({ row }) => row.original.carrierName },
    { id: 'plant', header: 'Plant', cell: ({ row }) => row.original.plantName },
    { id: 'pickupAt', header: 'Pickup Date', cell: ({ row }) => formatDateTime(row.original.pickupAt) },
    { id: 'destination', header: 'Destination', cell: ({ row }) => row.original.destination ?? '—' },
    lastPlaceColumn,
    { id: 'etaAt', header: 'ETA', cell: ({ row }) => formatDateTime(row.original.etaAt) },
    { id: 'delay', header: 'Delay', cell: ({ row }) => delayText(row.original.delayMinutes) },
    methodColumn(dir),
    stateColumn,
  ];
}

const isTab = (v: string | undefined): v is TrackingTab => (TRACKING_TABS as readonly string[]).includes(v ?? '');

/** The tabs, each with its count; a tab's badge is filled when it is the one shown. */
function BoardTabs({
  tab,
  counts,
  onChange,
}: {
  tab: TrackingTab;
  counts: BoardResponse['counts'] | undefined;
  onChange: (next: string | null) => void;
}) {
  return (
    <Tabs value={tab} onChange={onChange} mb="md" keepMounted={false}>
      <Tabs.List>
        {TRACKING_TABS.map((t) => (
          <Tabs.Tab
            key={t}
            value={t}
            rightSection={
              <Badge size="sm" variant={t === tab ? 'filled' : 'light'} color={t === 'in-transit' || t === 'arrived' ? 'brand' : 'orange'}>
                {countText(counts?.[t])}
              </Badge>
            }
          >
            {TRACKING_TAB_LABEL[t]}
          </Tabs.Tab>
        ))}
      </Tabs.List>
    </Tabs>
  );
}

/** A new tab starts on its first page with the same filters and search. */
function tabSearch(list: { filters: Record<string, string>; search?: string }): string {
  const keep = new URLSearchParams();
  for (const [k, v] of Object.entries(list.filters)) {
    keep.set(k, v);
  }
  if (list.search) {
    keep.set('search', list.search);
  }
  return keep.toString();
}

const BOARD_FILTERS: ToolbarFilter[] = [
  { key: 'plantId', label: 'Plant', source: 'plants' },
  { key: 'carrierLinkId', label: 'Carrier', source: 'carriers' },
  { key: 'method', label: 'Tracking kind', options: TRACKING_METHODS.map((m) => ({ value: m, label: TRACKING_METHOD_LABEL[m] })) },
];

/**
 * `/{dir}-tracking/:tab?/:select?`: the trips of one direction by tab (in transit, delayed,
 * halted, no signal, arrived) with each tab's count, filtered by plant, pickup date, carrier and
 * tracking kind; paginated on the server and live through the direction's tracking rooms.
 */
export function BoardPage({ dir }: { dir: Dir }) {
  const navigate = useNavigate();
  const routeTab = useParams().tab;
  const tab: TrackingTab = isTab(routeTab) ? routeTab : 'in-transit';
  const params = useListParams(FILTER_KEYS);
  const listQuery = useBoard(dir, { ...params.query, tab });
  const { data } = listQuery;
  useTrackingEvents({ direction: DIRECTION[dir] }, [boardKey(dir)]);
  const toTab = (next: string | null) =>
    navigate({ pathname: `/${dir}-tracking/${next ?? 'in-transit'}`, search: tabSearch(params.list) }, { replace: true });
  return (
    <Page title={dir === 'outbound' ? 'Outbound tracking' : 'Inbound tracking'}>
      <BoardTabs tab={tab} counts={data?.counts} onChange={toTab} />
      <ListToolbar
        params={params}
        searchLabel="Order or vehicle"
        filters={BOARD_FILTERS}
        dateRanges={[{ from: 'pickupFrom', to: 'pickupTo', label: 'Pickup Date' }]}
      />
      <DataTable
        caption={`${TRACKING_TAB_LABEL[tab]} trips`}
        columns={columnsFor(dir)}
        data={data?.data ?? []}
        total={data?.total ?? 0}
        query={listQuery}
        getRowId={(r) => r.orderId}
        {...params.table}
        onSortChange={undefined}
      />
    </Page>
  );
}
