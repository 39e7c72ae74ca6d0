import { Badge, Button, Tabs } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import type { ColumnDef } from '@tanstack/react-table';
import { Link } from 'react-router';
import type { TransportRequest } from '@freightdesk/shared/schemas/request';
import { REQUEST_STATUS_LABEL, REQUEST_STATUSES } from '@freightdesk/shared/status/request';
import { DataTable } from '../../components/data-table/data-table.tsx';
import { ListToolbar } from '../../components/data-table/list-toolbar.tsx';
import { useListParams } from '../../components/data-table/use-list-params.ts';
import { Page } from '../../components/layout/page.tsx';
import { useMasterList } from '../../components/master/use-master.ts';
import { formatDateTime, formatInr } from '../../lib/format.ts';
import { hasPermission } from '../../lib/session.ts';

export type Direction = 'outbound' | 'inbound';
const COLORS: Record<string, string> = {
  open: 'green',
  scheduled: 'blue',
  draft: 'gray',
  closed: 'orange',
  awarded: 'teal',
  cancelled: 'red',
  expired: 'gray',
};

export function RequestStatusBadge({ status }: { status: TransportRequest['status'] }) {
  return <Badge color={COLORS[status] ?? 'gray'}>{REQUEST_STATUS_LABEL[status]}</Badge>;
}

/** The list's columns; an inbound list shows where the load is picked up, an outbound one where it goes. */
function requestColumns(dir: Direction): ColumnDef<TransportRequest, unknown>[] {
  return [
    {
      id: 'number',
      header: 'Number',
      cell: ({ row }) => <Link to={`/request/${dir}/detail/${row.original.id}`}>{row.original.number}</Link>,
    },
    { id: 'plant', header: 'Plant', cell: ({ row }) => row.original.plantName },
    // Inbound loads come from a vendor to the plant: where from is what tells them apart.
    dir === 'inbound'
      ? { id: 'pickup', header: 'Pickup', cell: ({ row }) => row.original.pickupLabel ?? '—' }
      : { id: 'dropoffs', header: 'Drop-off', cell: ({ row }) => row.original.dropoffs.map((d) => d.label).join('; ') || '—' },
    { id: 'vehicles', header: 'Vehicles', cell: ({ row }) => `${row.original.vehicleCount} × ${row.original.vehicleTypeName}` },
    { id: 'pickupAt', header: 'Pickup Date', cell: ({ row }) => formatDateTime(row.original.pickupAt) },
    { id: 'bidEndAt', header: 'Bid end', cell: ({ row }) => formatDateTime(row.original.bidEndAt) },
    { id: 'target', header: 'Target (INR)', cell: ({ row }) => formatInr(row.original.targetPriceRupees) },
    { id: 'status', header: 'Status', cell: ({ row }) => <RequestStatusBadge status={row.original.status} /> },
  ];
}

/** `/request/outbound|inbound`: status tabs, filters Plant and Pickup Date, carrier, number search. */
export function RequestListPage({ dir }: { dir: Direction }) {
  const params = useListParams(['status', 'plantId', 'carrierLinkId', 'pickupFrom', 'pickupTo']);
  const listQuery = useMasterList<TransportRequest>(`requests/${dir}`, params.query);
  const { data } = listQuery;
  const columns = requestColumns(dir);
  const addPermission = dir === 'outbound' ? 'add-outbound-request' : 'add-inbound-request';
  return (
    <Page
      title={dir === 'outbound' ? 'Outbound requests' : 'Inbound requests'}
      actions={
        hasPermission(addPermission) && (
          <Button component={Link} to={`/request/${dir}/new`} leftSection={<IconPlus size={16} />}>
            New request
          </Button>
        )
      }
    >
      <Tabs value={params.list.filters.status ?? 'all'} onChange={(v) => params.update({ status: v === 'all' ? undefined : v })} mb="sm">
        <Tabs.List>
          <Tabs.Tab value="all">All</Tabs.Tab>
          {REQUEST_STATUSES.map((s) => (
            <Tabs.Tab key={s} value={s}>
              {REQUEST_STATUS_LABEL[s]}
            </Tabs.Tab>
          ))}
        </Tabs.List>
      </Tabs>
      <ListToolbar
        params={params}
        searchLabel="Number"
        exportPath={`/requests/${dir}/export`}
        exportName={`${dir}-requests`}
        filters={[
          { key: 'plantId', label: 'Plant', source: 'plants' },
          { key: 'carrierLinkId', label: 'Carrier', source: 'carriers' },
        ]}
        dateRanges={[{ from: 'pickupFrom', to: 'pickupTo', label: 'Pickup Date' }]}
      />
      <DataTable
        caption="Requests"
        columns={columns}
        data={data?.data ?? []}
        total={data?.total ?? 0}
        totalCapped={data?.totalCapped}
        page={params.list.page}
        pageSize={params.list.pageSize}
        sort={params.list.sort}
        sortable={['number', 'pickupAt', 'bidEndAt']}
        query={listQuery}
        getRowId={(r) => r.id}
        onPageChange={(page) => params.update({ page })}
        onPageSizeChange={(pageSize) => params.update({ pageSize })}
        onSortChange={(sort) => params.update({ sort })}
      />
    </Page>
  );
}
