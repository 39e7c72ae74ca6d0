import { Center, Progress, Table } from '@mantine/core';
import { Fragment, type ReactNode } from 'react';
import type { Order } from '@freightdesk/shared/schemas/order';
import type { UseListParams } from '../../components/data-table/use-list-params.ts';
import { IndexTh } from '../../components/data-table/index-column.tsx';
import { SkeletonRows, skeletonRowCount } from '../../components/data-table/skeleton-rows.tsx';
import type { ShownOrder } from './kept-orders.ts';
import type { CarrierAction } from './order-moves.ts';
import { OrderPanel } from './order-parts.ts';
import { OrderRow } from './order-row.tsx';

const COLUMNS = ['Order', 'Shipper / plant', 'Price', 'Pickup', 'Status', 'Vehicle / driver'];

/** The page's orders, each with its panel under it when open. */
export type RowsProps = {
  rows: ShownOrder[];
  params: UseListParams;
  empty: ReactNode;
  busy: boolean;
  /** The first rows are being asked for: placeholder rows hold the table's size (record 0297). */
  loading: boolean;
  open: ReadonlySet<number>;
  toggle: (id: number) => void;
  onAction: (action: CarrierAction, order: Order) => void;
};

function OrderRows(props: Omit<RowsProps, 'busy'>) {
  const { open, toggle } = props;
  const { list } = props.params;
  return (
    <Table.Tbody>
      {props.rows.length === 0 && props.loading && (
        <SkeletonRows rows={skeletonRowCount(list.pageSize)} width={COLUMNS.length + 1} label="Loading the orders" />
      )}
      {props.rows.length === 0 && !props.loading && (
        <Table.Tr>
          <Table.Td colSpan={COLUMNS.length + 1}>
            <Center mih={140}>{props.empty}</Center>
          </Table.Td>
        </Table.Tr>
      )}
      {props.rows.map((o, i) => (
        <Fragment key={o.id}>
          <OrderRow
            order={o}
            index={(list.page - 1) * list.pageSize + i + 1}
            detailsOpen={open.has(o.id)}
            onDetails={() => toggle(o.id)}
            onAction={(action) => props.onAction(action, o)}
          />
          {open.has(o.id) && (
            <Table.Tr>
              <Table.Td colSpan={COLUMNS.length + 1} bg="gray.0" p="md">
                <OrderPanel order={o} />
              </Table.Td>
            </Table.Tr>
          )}
        </Fragment>
      ))}
    </Table.Tbody>
  );
}

/** The orders as a table (768 px and wider), each row's moves on its right. */
export function OrdersTable(props: RowsProps) {
  const { rows, busy } = props;
  return (
    <Table.ScrollContainer minWidth={900} pos="relative">
      {busy && rows.length > 0 && (
        <Progress value={100} animated size="xs" pos="absolute" top={0} left={0} right={0} aria-label="Loading" />
      )}
      <Table striped highlightOnHover verticalSpacing="xs" aria-label="My orders" aria-busy={busy}>
        <Table.Thead>
          <Table.Tr>
            <IndexTh />
            {COLUMNS.map((c) => (
              <Table.Th key={c}>{c}</Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <OrderRows {...props} />
      </Table>
    </Table.ScrollContainer>
  );
}
