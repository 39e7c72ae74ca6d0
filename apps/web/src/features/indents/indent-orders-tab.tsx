import { Anchor, Badge, Group, Table, Text } from '@mantine/core';
import { Link } from 'react-router';
import type { IndentDetail } from '@freightdesk/shared/schemas/indent';
import { ORDER_STATUS_LABEL, type OrderStatus } from '@freightdesk/shared/status/order';
import { formatInr } from '../../lib/format.ts';
import { hasPermission } from '../../lib/session.ts';
import { directionOf } from './indent-rules.ts';

const statusText = (s: string) => ORDER_STATUS_LABEL[s as OrderStatus] ?? s;

/**
 * The orders the carriers' acceptances made, one per vehicle, each a link to its order and to its
 * tracking pages under the indent (places and live map; the FASTag toll crossings once a vehicle is on it).
 */
export function IndentOrdersTab({ indent }: { indent: IndentDetail }) {
  const dir = directionOf(indent);
  const mayOpen = hasPermission(dir === 'inbound' ? 'list-inbound-order' : 'list-outbound-order');
  if (indent.orders.length === 0) {
    return <Text c="dimmed">No orders yet: they are made when a carrier accepts vehicles.</Text>;
  }
  return (
    <Table.ScrollContainer minWidth={800}>
      <Table striped aria-label="Orders">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Order</Table.Th>
            <Table.Th>Carrier</Table.Th>
            <Table.Th>Vehicle</Table.Th>
            <Table.Th>Price (contract rate)</Table.Th>
            <Table.Th>Status</Table.Th>
            <Table.Th>Tracking</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {indent.orders.map((o) => (
            <Table.Tr key={o.id}>
              <Table.Td>{mayOpen ? <Link to={`/order/${dir}/${o.id}`}>{o.number}</Link> : o.number}</Table.Td>
              <Table.Td>{o.carrierName}</Table.Td>
              <Table.Td>{o.vehicleNumber ?? <Text c="dimmed">Not assigned yet</Text>}</Table.Td>
              <Table.Td>{formatInr(o.priceRupees)}</Table.Td>
              <Table.Td>
                <Badge variant="light" color={o.status === 'cancelled' || o.status === 'rejected' ? 'red' : 'blue'}>
                  {statusText(o.status)}
                </Badge>
              </Table.Td>
              <Table.Td>
                {mayOpen && o.vehicleNumber ? (
                  <Group gap="sm" wrap="nowrap">
                    <Anchor component={Link} to={`/indent/locations/${o.id}/${indent.id}`} size="sm" aria-label={`Track ${o.number}`}>
                      Track
                    </Anchor>
                    <Anchor
                      component={Link}
                      to={`/indent/toll/${o.id}/${indent.id}/${dir}/fastag`}
                      size="sm"
                      aria-label={`FASTag toll crossings of ${o.number}`}
                    >
                      FASTag tolls
                    </Anchor>
                  </Group>
                ) : (
                  <Text c="dimmed">—</Text>
                )}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
