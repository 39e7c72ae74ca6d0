import { Table, Text } from '@mantine/core';
import { Link } from 'react-router';
import type { Order } from '@freightdesk/shared/schemas/order';
import type { TransportRequest } from '@freightdesk/shared/schemas/request';
import { ORDER_STATUS_LABEL } from '@freightdesk/shared/status/order';
import { useMasterList } from '../../components/master/use-master.ts';
import { formatInr } from '../../lib/format.ts';
import type { Direction } from './request-list.tsx';

/** The orders awarded from a request. */
export function RequestOrders({ dir, request }: { dir: Direction; request: TransportRequest }) {
  const { data } = useMasterList<Order>(`orders/${dir}`, { search: request.number, pageSize: 100 });
  const rows = (data?.data ?? []).filter((o) => o.requestId === request.id);
  if (!rows.length) {
    return <Text c="dimmed">No Available Data</Text>;
  }
  return (
    <Table striped aria-label="Orders">
      <Table.Tbody>
        {rows.map((o) => (
          <Table.Tr key={o.id}>
            <Table.Td>
              <Link to={`/order/${dir}/${dir === 'inbound' ? 'detail/' : ''}${o.id}`}>{o.number}</Link>
            </Table.Td>
            <Table.Td>{o.carrierName}</Table.Td>
            <Table.Td>{formatInr(o.priceRupees)}</Table.Td>
            <Table.Td>{ORDER_STATUS_LABEL[o.status]}</Table.Td>
            <Table.Td>{o.vehicleNumber ?? '—'}</Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}
