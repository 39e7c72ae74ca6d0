import { ActionIcon, Badge, Button, Menu, Stack, Text, Tooltip } from '@mantine/core';
import { IconDots, IconPlus } from '@tabler/icons-react';
import type { ColumnDef } from '@tanstack/react-table';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import type { Order } from '@freightdesk/shared/schemas/order';
import { ORDER_STATUS_LABEL, ORDER_STATUSES } from '@freightdesk/shared/status/order';
import { DataTable, ROW_ACTIONS_COLUMN } from '../../components/data-table/data-table.tsx';
import { ListToolbar } from '../../components/data-table/list-toolbar.tsx';
import { useListParams, type UseListParams } from '../../components/data-table/use-list-params.ts';
import { Page } from '../../components/layout/page.tsx';
import { useMasterList } from '../../components/master/use-master.ts';
import { formatDateTime, formatInr } from '../../lib/format.ts';
import { hasPermission } from '../../lib/session.ts';
import { CancelOrderDialog, canCancelOrder, type Dir } from './cancel-order-dialog.tsx';
import { OrderStatusBadge } from './order-status-badge.tsx';
import { orderPath, RequestLink, requestPathOf, SOURCE_LABEL } from './order-links.tsx';

/** A row's menu: open the order or its request; cancel it while the status allows. */
function RowMenu({ dir, order, offline, onCancel }: { dir: Dir; order: Order; offline: boolean; onCancel: () => void }) {
  const navigate = useNavigate();
  const requestPath = requestPathOf(dir, order);
  return (
    <Menu position="bottom-end">
      <Menu.Target>
        <ActionIcon variant="subtle" aria-label={`Actions for ${order.number}`}>
          <IconDots size={16} />
        </ActionIcon>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Item onClick={() => navigate(orderPath(dir, order.id, offline))}>Open order</Menu.Item>
        {requestPath && <Menu.Item onClick={() => navigate(requestPath)}>Open request {order.requestNumber}</Menu.Item>}
        {canCancelOrder(dir, order) && (
          <Menu.Item color="red" onClick={onCancel}>
            Cancel order
          </Menu.Item>
        )}
      </Menu.Dropdown>
    </Menu>
  );
}

/**
 * Pickup → last drop-off, and how many drop-offs on the way. An outbound load leaves its plant,
 * which the Plant column already names, so only the destination side is written then.
 */
function LaneCell({ order: o }: { order: Order }) {
  if (!o.pickupLabel && !o.dropLabel) {
    return '—';
  }
  const from = o.pickupLabel && o.pickupLabel !== o.plantName ? `${o.pickupLabel} ` : '';
  return (
    <Text size="sm">
      {from}→ {o.dropLabel ?? o.plantName}
      {o.dropCount > 1 && (
        <Text span size="xs" c="dimmed">
          {' '}
          ({o.dropCount} drop-offs)
        </Text>
      )}
    </Text>
  );
}

/** The vehicle, flagged when the same vehicle is on another active order of this shipper. */
function VehicleCell({ order: o }: { order: Order }) {
  if (!o.vehicleNumber) {
    return '—';
  }
  return (
    <Stack gap={4} align="flex-start">
      <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
        {o.vehicleNumber}
      </Text>
      {o.vehicleOnAnotherOrder && (
        <Tooltip label="The same vehicle is on another active order">
          <Badge color="orange" variant="light" size="sm">
            On another order
          </Badge>
        </Tooltip>
      )}
    </Stack>
  );
}

/**
 * The order's number over where it came from (its request or indent, a link when the user may open
 * it; "Offline"): one column for both, so a laptop's 1366 px show the list to its Status column.
 */
function OrderCell({ dir, order: o, offline }: { dir: Dir; order: Order; offline: boolean }) {
  return (
    <Stack gap={2} align="flex-start">
      <Link to={orderPath(dir, o.id, offline)} style={{ whiteSpace: 'nowrap' }}>
        {o.number}
      </Link>
      <Text size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
        {o.source === 'offline' ? (
          SOURCE_LABEL.offline
        ) : (
          <>
            {SOURCE_LABEL[o.source]} <RequestLink dir={dir} order={o} />
          </>
        )}
      </Text>
    </Stack>
  );
}

const FILTER_KEYS = [
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
];

/** The status, with a flag when its POD recorded a shortage or damage. */
function StatusCell({ order: o }: { order: Order }) {
  return (
    <Stack gap={4} align="flex-start">
      <OrderStatusBadge status={o.status} />
      {o.podIssue && (
        <Badge color="red" variant="light" size="sm">
          Shortage / damage
        </Badge>
      )}
    </Stack>
  );
}

/** The list's columns; the row menu's cancel opens the dialog through `onCancel`. */
function orderColumns(dir: Dir, offline: boolean, onCancel: (order: Order) => void): ColumnDef<Order, unknown>[] {
  return [
    { id: 'number', header: 'Order', cell: ({ row }) => <OrderCell dir={dir} order={row.original} offline={offline} /> },
    { id: 'carrier', header: 'Carrier', cell: ({ row }) => row.original.carrierName },
    { id: 'plant', header: 'Plant', cell: ({ row }) => row.original.plantName },
    { id: 'pickupAt', header: 'Pickup Date', cell: ({ row }) => formatDateTime(row.original.pickupAt) },
    { id: 'price', header: 'Price', cell: ({ row }) => formatInr(row.original.priceRupees) },
    { id: 'lane', header: 'Lane', cell: ({ row }) => <LaneCell order={row.original} /> },
    { id: 'vehicle', header: 'Vehicle', cell: ({ row }) => <VehicleCell order={row.original} /> },
    { id: 'status', header: 'Status', cell: ({ row }) => <StatusCell order={row.original} /> },
    {
      id: ROW_ACTIONS_COLUMN,
      header: '',
      cell: ({ row }) => <RowMenu dir={dir} order={row.original} offline={offline} onCancel={() => onCancel(row.original)} />,
    },
  ];
}

/** Status, plant and carrier filters and the four date ranges. */
function OrderFilters({ params }: { params: UseListParams }) {
  return (
    <ListToolbar
      params={params}
      filters={[
        { key: 'status', label: 'Status', options: ORDER_STATUSES.map((s) => ({ value: s, label: ORDER_STATUS_LABEL[s] })) },
        { key: 'plantId', label: 'Plant', source: 'plants' },
        { key: 'carrierLinkId', label: 'Carrier', source: 'carriers' },
      ]}
      dateRanges={[
        { from: 'pickupFrom', to: 'pickupTo', label: 'Pickup Date' },
        { from: 'gateInFrom', to: 'gateInTo', label: 'Gate In Date' },
        { from: 'gateOutFrom', to: 'gateOutTo', label: 'Gate Out Date' },
        { from: 'rejectedFrom', to: 'rejectedTo', label: 'Rejected Date' },
      ]}
    />
  );
}

const addPermissionOf = (dir: Dir) => (dir === 'outbound' ? 'add-offline-outbound-order' : 'add-offline-inbound-order');

/** "New offline order", on the offline list of a user who may record one. */
function NewOfflineOrderButton({ dir }: { dir: Dir }) {
  return (
    <Button component={Link} to={`/offline/${dir}/order/new`} leftSection={<IconPlus size={16} />}>
      New offline order
    </Button>
  );
}

/** `/order/{dir}` and `/offline/{dir}/order`: the shipper's orders, each linking its request. */
export function OrderList({ dir, offline = false }: { dir: Dir; offline?: boolean }) {
  const params = useListParams(FILTER_KEYS);
  const path = offline ? `offline-orders/${dir}` : `orders/${dir}`;
  const listQuery = useMasterList<Order>(path, params.query);
  const { data } = listQuery;
  const [cancelling, setCancelling] = useState<Order | null>(null);
  const columns = orderColumns(dir, offline, setCancelling);
  return (
    <Page
      title={offline ? `Offline ${dir} orders` : dir === 'outbound' ? 'Outbound orders' : 'Inbound orders'}
      actions={offline && hasPermission(addPermissionOf(dir)) && <NewOfflineOrderButton dir={dir} />}
    >
      <OrderFilters params={params} />
      <DataTable
        caption="Orders"
        columns={columns}
        data={data?.data ?? []}
        total={data?.total ?? 0}
        totalCapped={data?.totalCapped}
        page={params.list.page}
        pageSize={params.list.pageSize}
        sort={params.list.sort}
        sortable={['number', 'pickupAt']}
        query={listQuery}
        getRowId={(o) => o.id}
        onPageChange={(page) => params.update({ page })}
        onPageSizeChange={(pageSize) => params.update({ pageSize })}
        onSortChange={(sort) => params.update({ sort })}
      />
      {cancelling && <CancelOrderDialog dir={dir} order={cancelling} onClose={() => setCancelling(null)} />}
    </Page>
  );
}
