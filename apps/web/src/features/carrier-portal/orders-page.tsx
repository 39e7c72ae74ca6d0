import { Badge, NativeSelect } from '@mantine/core';
import { KeptAnswerNote, listState } from '../../components/feedback/query-state.tsx';
import { memo, useCallback, useEffect, useMemo, useState } from 'react';
import type { Order } from '@freightdesk/shared/schemas/order';
import { ORDER_STATUS_LABEL, ORDER_STATUSES } from '@freightdesk/shared/status/order';
import { ListToolbar } from '../../components/data-table/list-toolbar.tsx';
import { useListParams, type UseListParams } from '../../components/data-table/use-list-params.ts';
import { Page } from '../../components/layout/page.tsx';
import {
  AssignVehicleDialog,
  DeliverDialog,
  KeptMoves,
  MoveDialog,
  ORDER_PARTS,
  OrdersTable,
  RejectOrderDialog,
  VehicleChangeDialog,
} from './order-parts.ts';
import type { CarrierAction } from './order-moves.ts';
import { ListFooter } from '../../components/data-table/list-footer.tsx';
import { CARRIER_ORDER_FILTERS, PLACED_ORDERS_QUERY, useCarrierOrders } from './api/carrier-orders.ts';
import { CARRIER_OUTBOX, useInvalidateOrders } from './api/order-moves.ts';
import { useKeptMoves } from '../../lib/outbox.ts';
import { keptOrders, type ShownOrder } from './kept-orders.ts';
import { ResponsiveList } from '../../components/cards/card-list.tsx';
import { type ViewOption, ViewSwitch } from '../../components/cards/view-switch.tsx';
import { OrderCard } from './order-card.tsx';
import { useNarrow } from '../../components/layout/use-narrow.ts';
import { listView } from '../../components/feedback/query-view.ts';
import { usePreloadParts } from '../../lib/lazy-part.tsx';

const SORTS = [
  { value: 'newest', label: 'Newest first' },
  { value: 'pickupAt', label: 'Pickup: soonest first' },
  { value: '-pickupAt', label: 'Pickup: latest first' },
];

/** The dialog of a move on one order. */
function ActionDialog({ action, order, onClose }: { action: CarrierAction; order: Order; onClose: () => void }) {
  switch (action) {
    case 'assign':
      return <AssignVehicleDialog order={order} onClose={onClose} />;
    case 'reject':
      return <RejectOrderDialog order={order} onClose={onClose} />;
    case 'changeVehicle':
      return <VehicleChangeDialog order={order} onClose={onClose} />;
    case 'deliver':
      return <DeliverDialog order={order} onClose={onClose} />;
    default:
      return <MoveDialog order={order} move={action} onClose={onClose} />;
  }
}

/**
 * The carrier's kept moves; when one is refused on arrival the list is asked again, so the card
 * shows the server's order now beside the status the refused move led to.
 */
function useKeptOrderMoves(refresh: () => void) {
  const kept = useKeptMoves(CARRIER_OUTBOX);
  const refused = kept.filter((e) => e.state === 'conflict' || e.state === 'refused').length;
  useEffect(() => {
    if (refused > 0) {
      refresh();
    }
  }, [refused, refresh]);
  return kept;
}

/** Which orders' panels are open; a click on Details opens or closes one. */
function useOpenRows() {
  const [open, setOpen] = useState<ReadonlySet<number>>(new Set());
  const toggle = useCallback(
    (id: number) =>
      setOpen((prev) => {
        const next = new Set(prev);
        next.has(id) ? next.delete(id) : next.add(id);
        return next;
      }),
    [],
  );
  return { open, toggle };
}

/** A tab per status (a select below 768 px); Placed shows how many orders wait for a vehicle. */
const StatusSwitch = memo(function StatusSwitch({ params }: { params: UseListParams }) {
  const toAssign = useCarrierOrders(PLACED_ORDERS_QUERY);
  const waiting = toAssign.data?.total ?? 0;
  const badge = waiting ? (
    <Badge size="sm" color="blue" aria-label={`${waiting} to assign`}>
      {waiting}
    </Badge>
  ) : undefined;
  const options: ViewOption[] = [
    { value: 'all', label: 'All' },
    ...ORDER_STATUSES.map((s) => ({ value: s, label: ORDER_STATUS_LABEL[s], ...(s === 'placed' ? { count: waiting, badge } : {}) })),
  ];
  return (
    <ViewSwitch
      label="Status"
      value={params.list.filters.status ?? 'all'}
      options={options}
      onChange={(v) => params.update({ status: v === 'all' ? undefined : v })}
      mb="sm"
    />
  );
});

/** The search, the pickup dates and the sort: drawn again when the address changes, not when rows arrive. */
const OrdersToolbar = memo(function OrdersToolbar({ params }: { params: UseListParams }) {
  const narrow = useNarrow();
  return (
    <ListToolbar
      params={params}
      searchLabel="Order, request, vehicle no. or shipper"
      dateRanges={[{ from: 'pickupFrom', to: 'pickupTo', label: 'Pickup Date' }]}
    >
      {/* The browser's own select: three choices need no floating list in the first download (record 0322). */}
      <NativeSelect
        label="Sort"
        data={SORTS}
        value={params.list.sort ?? 'newest'}
        onChange={(e) => params.update({ sort: e.currentTarget.value === 'newest' ? undefined : e.currentTarget.value })}
        w={narrow ? undefined : 200}
      />
    </ListToolbar>
  );
});

/**
 * `/carrier/orders`: awarded loads by status, searchable; each order's next moves (assign or
 * reject, change the vehicle, reported, arrived, delivered with the POD), and under it the lane,
 * the POD, the e-way bills and the documents. Below 768 px each order is a card (record 0296).
 */
export function CarrierOrdersPage() {
  const params = useListParams(CARRIER_ORDER_FILTERS);
  usePreloadParts(...ORDER_PARTS);
  const orders = useCarrierOrders(params.query);
  const { data, isFetching } = orders;
  const [dialog, setDialog] = useState<{ action: CarrierAction; order: Order } | null>(null);
  const { open, toggle } = useOpenRows();
  // A move kept without network that lands (or is refused) moves the list: ask again.
  const invalidate = useInvalidateOrders();
  // Each order as the moves kept on this phone leave it (record 0309).
  const kept = useKeptOrderMoves(invalidate);
  const rows = useMemo(() => keptOrders(data?.data ?? [], kept), [data?.data, kept]);
  const state = listState(orders, rows.length, 'Orders');
  const onAction = useCallback((action: CarrierAction, order: Order) => setDialog({ action, order }), []);
  // Stable while no panel opens or closes, so a card is drawn again only when its order changes.
  const renderCard = useCallback(
    (o: ShownOrder) => <OrderCard order={o} detailsOpen={open.has(o.id)} onDetails={() => toggle(o.id)} onAction={(a) => onAction(a, o)} />,
    [open, toggle, onAction],
  );
  const loading = listView(orders, rows.length).kind === 'loading';
  const rowsProps = { rows, params, empty: state.inRows, busy: isFetching, loading, open, toggle, onAction };
  return (
    <Page title="My orders">
      {dialog && <ActionDialog action={dialog.action} order={dialog.order} onClose={() => setDialog(null)} />}
      <KeptAnswerNote keptAt={data?.keptAt} what="orders" />
      {kept.length > 0 && <KeptMoves scope={CARRIER_OUTBOX} onSent={invalidate} />}
      <StatusSwitch params={params} />
      <OrdersToolbar params={params} />
      {state.aboveRows}
      <ResponsiveList
        rows={rows}
        getRowId={(o) => o.id}
        label="My orders"
        empty={state.inRows}
        busy={isFetching}
        loading={loading}
        renderCard={renderCard}
        table={<OrdersTable {...rowsProps} />}
      />
      <ListFooter
        total={data?.total}
        totalCapped={data?.totalCapped}
        page={params.list.page}
        pageSize={params.list.pageSize}
        onPageChange={params.table.onPageChange}
        onPageSizeChange={params.table.onPageSizeChange}
      />
    </Page>
  );
}
