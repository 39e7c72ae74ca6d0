import { Badge, Button, SimpleGrid, Stack, Tabs, Text, Timeline } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import type { ColumnDef } from '@tanstack/react-table';
import type { ReactElement } from 'react';
import { Link, Navigate, useNavigate, useParams } from 'react-router';
import type { Order } from '@freightdesk/shared/schemas/order';
import { ORDER_STATUS_LABEL, ORDER_STATUSES } from '@freightdesk/shared/status/order';
import { DataTable } from '../../components/data-table/data-table.tsx';
import { ListToolbar } from '../../components/data-table/list-toolbar.tsx';
import { useListParams } from '../../components/data-table/use-list-params.ts';
import { Page } from '../../components/layout/page.tsx';
import { useMasterList, useMasterOne, useOptions } from '../../components/master/use-master.ts';
import { formatDateTime, formatInr } from '../../lib/format.ts';
import { hasPermission } from '../../lib/session.ts';
import { DocumentsPanel } from '../documents/documents-panel.tsx';
import { OfflineOrderForm } from './offline-order-form.tsx';

type Dir = 'outbound' | 'inbound';
type OrderDetail = Order & {
  timeline: { from: string | null; to: string; byName: string | null; byCompany: string | null; reason: string | null; at: string }[];
};
const detailPath = (dir: Dir, id: number) => (dir === 'inbound' ? `/order/inbound/detail/${id}` : `/order/outbound/${id}`);

export function OrderStatusBadge({ status }: { status: Order['status'] }) {
  const color = status === 'rejected' || status === 'cancelled' ? 'red' : status === 'placed' ? 'blue' : 'green';
  return <Badge color={color}>{ORDER_STATUS_LABEL[status]}</Badge>;
}

function OrderList({ dir, offline = false }: { dir: Dir; offline?: boolean }) {
  const params = useListParams([
    'status',
    'plantId',
    'carrierLinkId',
    'pickupFrom',
    'pickupTo',
    'rejectedFrom',
    'rejectedTo',
    'gateInFrom',
    'gateInTo',
    'gateOutFrom',
    'gateOutTo',
  ]);
  const path = offline ? `offline-orders/${dir}` : `orders/${dir}`;
  const { data, isFetching } = useMasterList<Order>(path, params.query);
  const link = (id: number) => (offline ? `/offline/${dir}/order/${id}` : detailPath(dir, id));
  const addPermission = dir === 'outbound' ? 'add-offline-outbound-order' : 'add-offline-inbound-order';
  const plants = useOptions('plants');
  const carriers = useOptions('carriers');
  const columns: ColumnDef<Order, unknown>[] = [
    { id: 'number', header: 'Order', cell: ({ row }) => <Link to={link(row.original.id)}>{row.original.number}</Link> },
    { id: 'request', header: 'Request', cell: ({ row }) => row.original.requestNumber ?? row.original.source },
    { id: 'carrier', header: 'Carrier', cell: ({ row }) => row.original.carrierName },
    { id: 'plant', header: 'Plant', cell: ({ row }) => row.original.plantName },
    { id: 'pickupAt', header: 'Pickup Date', cell: ({ row }) => formatDateTime(row.original.pickupAt) },
    { id: 'price', header: 'Price', cell: ({ row }) => formatInr(row.original.priceRupees) },
    { id: 'vehicle', header: 'Vehicle', cell: ({ row }) => row.original.vehicleNumber ?? '—' },
    { id: 'status', header: 'Status', cell: ({ row }) => <OrderStatusBadge status={row.original.status} /> },
  ];
  return (
    <Page
      title={offline ? `Offline ${dir} orders` : dir === 'outbound' ? 'Outbound orders' : 'Inbound orders'}
      actions={
        offline &&
        hasPermission(addPermission) && (
          <Button component={Link} to={`/offline/${dir}/order/new`} leftSection={<IconPlus size={16} />}>
            New offline order
          </Button>
        )
      }
    >
      <ListToolbar
        params={params}
        filters={[
          { key: 'status', label: 'Status', options: ORDER_STATUSES.map((s) => ({ value: s, label: ORDER_STATUS_LABEL[s] })) },
          { key: 'plantId', label: 'Plant', options: plants.data ?? [] },
          { key: 'carrierLinkId', label: 'Carrier', options: carriers.data ?? [] },
        ]}
        dateRanges={[
          { from: 'pickupFrom', to: 'pickupTo', label: 'Pickup Date' },
          { from: 'gateInFrom', to: 'gateInTo', label: 'Gate In Date' },
          { from: 'gateOutFrom', to: 'gateOutTo', label: 'Gate Out Date' },
          { from: 'rejectedFrom', to: 'rejectedTo', label: 'Rejected Date' },
        ]}
      />
      <DataTable
        caption="Orders"
        columns={columns}
        data={data?.data ?? []}
        total={data?.total ?? 0}
        page={params.list.page}
        pageSize={params.list.pageSize}
        sort={params.list.sort}
        sortable={['number', 'pickupAt']}
        loading={isFetching}
        getRowId={(o) => o.id}
        onPageChange={(page) => params.update({ page })}
        onPageSizeChange={(pageSize) => params.update({ pageSize })}
        onSortChange={(sort) => params.update({ sort })}
      />
    </Page>
  );
}

function OrderDetailPage({ dir, offline = false }: { dir: Dir; offline?: boolean }) {
  const params = useParams();
  const navigate = useNavigate();
  const { data: o } = useMasterOne<OrderDetail>(offline ? `offline-orders/${dir}` : `orders/${dir}`, Number(params.id));
  // Documents go through /api/orders/{dir}, which needs the order list permission of the direction.
  const documents = hasPermission(dir === 'inbound' ? 'list-inbound-order' : 'list-outbound-order');
  const tab = params.tab === 'timeline' || (params.tab === 'documents' && documents) ? params.tab : 'details';
  if (!o) {
    return <Page title="Order">{null}</Page>;
  }
  const rows: [string, React.ReactNode][] = [
    ['Status', <OrderStatusBadge key="s" status={o.status} />],
    ['Request', o.requestNumber],
    ['Carrier', o.carrierName],
    ['Plant', o.plantName],
    ['Vehicle type', o.vehicleTypeName],
    ['Price', `${formatInr(o.priceRupees)} per ${o.priceBasis}`],
    ['Pickup Date', formatDateTime(o.pickupAt)],
    ['Vehicle', o.vehicleNumber],
    ['Gate In Date', o.gateInAt ? formatDateTime(o.gateInAt) : null],
    ['Gate Out Date', o.gateOutAt ? formatDateTime(o.gateOutAt) : null],
    ['Driver', o.driverName ? `${o.driverName} ${o.driverMobile ?? ''}` : null],
    ['Rejected Date', o.rejectedAt ? `${formatDateTime(o.rejectedAt)} ${o.rejectReason ?? ''}` : null],
  ];
  return (
    <Page title={`Order ${o.number}`}>
      <Tabs
        value={tab}
        onChange={(v) => navigate(`${offline ? `/offline/${dir}/order/${o.id}` : detailPath(dir, o.id)}/${v ?? 'details'}`)}
        mb="md"
      >
        <Tabs.List>
          <Tabs.Tab value="details">Details</Tabs.Tab>
          <Tabs.Tab value="timeline">Timeline</Tabs.Tab>
          {documents && <Tabs.Tab value="documents">Documents</Tabs.Tab>}
        </Tabs.List>
      </Tabs>
      {tab === 'details' && (
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} mb="lg">
          {rows.map(([label, value]) => (
            <div key={label}>
              <Text size="xs" c="dimmed">
                {label}
              </Text>
              <Text component="div">{value || '—'}</Text>
            </div>
          ))}
        </SimpleGrid>
      )}
      {tab === 'timeline' && (
        <Stack>
          <Timeline bulletSize={14} lineWidth={2}>
            {o.timeline.map((e) => (
              <Timeline.Item key={`${e.at}-${e.to}-${e.reason ?? ''}`} title={ORDER_STATUS_LABEL[e.to as Order['status']] ?? e.to}>
                <Text size="xs" c="dimmed">
                  {formatDateTime(e.at)} · {e.byName ? `${e.byName}${e.byCompany ? `, ${e.byCompany}` : ''}` : 'Freightdesk'}
                </Text>
                {e.reason && <Text size="sm">{e.reason}</Text>}
              </Timeline.Item>
            ))}
          </Timeline>
        </Stack>
      )}
      {tab === 'documents' && (
        <DocumentsPanel
          listUrl={`/orders/${dir}/${o.id}/documents`}
          uploadUrl={`/orders/${dir}/${o.id}/documents`}
          canDelete={(doc) => doc.side === 'shipper'}
          emptyText="No documents yet. Upload the LR, POD, invoice or e-way bill here; the carrier can add its own."
        />
      )}
    </Page>
  );
}

function InboundOrderRedirect() {
  return <Navigate to={`/order/inbound/detail/${useParams().id}`} replace />;
}

export const orderRouteElements: Record<string, ReactElement> = {
  'offline-outbound': <OrderList dir="outbound" offline />,
  'offline-outbound.new-offline-outbound-order': <OfflineOrderForm dir="outbound" />,
  'offline-outbound.offline-outbound-order-detail': <OrderDetailPage dir="outbound" offline />,
  'offline-inbound': <OrderList dir="inbound" offline />,
  'offline-inbound.new-offline-inbound-order': <OfflineOrderForm dir="inbound" />,
  'offline-inbound.offline-inbound-order-detail': <OrderDetailPage dir="inbound" offline />,
  'order-outbound': <OrderList dir="outbound" />,
  'order-outbound.outbound-order-detail': <OrderDetailPage dir="outbound" />,
  'order-inbound': <OrderList dir="inbound" />,
  'order-inbound.inbound-order-detail': <OrderDetailPage dir="inbound" />,
  'order-inbound.inbound-order': <InboundOrderRedirect />,
};
