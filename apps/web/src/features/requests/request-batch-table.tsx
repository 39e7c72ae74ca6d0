import { ActionIcon, Paper, Table, Text } from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';
import type { RequestInput } from '@freightdesk/shared/schemas/request';
import { formatDateTime } from '../../lib/format.ts';
import { IndexTh } from '../../components/data-table/index-column.tsx';

/** The requests gathered for one batch, before it is published. */
export function BatchTable({ batch, onRemove }: { batch: RequestInput[]; onRemove: (i: number) => void }) {
  return (
    <Paper withBorder p="md">
      <Text fw={600} mb="xs">
        Batch: {batch.length} request(s) to publish together
      </Text>
      <Table aria-label="Batch">
        <Table.Thead>
          <Table.Tr>
            <IndexTh />
            <Table.Th>Vehicles</Table.Th>
            <Table.Th>Weight</Table.Th>
            <Table.Th>Drop-offs</Table.Th>
            <Table.Th>Pickup Date</Table.Th>
            <Table.Th>Bid end</Table.Th>
            <Table.Th />
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {batch.map((b, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: batch rows have no id until published
            <Table.Tr key={i}>
              <Table.Td>{i + 1}</Table.Td>
              <Table.Td>{b.vehicleCount}</Table.Td>
              <Table.Td>{b.weightTonnes} t</Table.Td>
              <Table.Td>{b.dropoffs?.length ?? 0}</Table.Td>
              <Table.Td>{formatDateTime(new Date(b.pickupAt as string).toISOString())}</Table.Td>
              <Table.Td>{formatDateTime(new Date(b.bidEndAt as string).toISOString())}</Table.Td>
              <Table.Td>
                <ActionIcon variant="subtle" color="red" aria-label={`Remove request ${i + 1} from the batch`} onClick={() => onRemove(i)}>
                  <IconTrash size={16} />
                </ActionIcon>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Paper>
  );
}
