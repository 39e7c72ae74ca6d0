import { Alert, Loader, Table, Text } from '@mantine/core';
import { EMPTY_TABLE_TEXT } from '@freightdesk/shared/constants';
import { formatDateTime, formatInr } from '../../lib/format.ts';
import { useCarrierRequest } from './api/carrier-requests.ts';
import { IndexTh } from '../../components/data-table/index-column.tsx';

/** The carrier's own bid and each revision on one request, oldest first, with how much each one lowered it. */
export function BidHistory({ requestId, number }: { requestId: number; number: string }) {
  const { data, isLoading, error } = useCarrierRequest(requestId);
  if (isLoading) {
    return <Loader size="sm" aria-label="Loading the bid history" />;
  }
  if (error) {
    return (
      <Alert color="red" p="xs">
        {error.message}
      </Alert>
    );
  }
  const revisions = data?.revisions ?? [];
  if (revisions.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        {EMPTY_TABLE_TEXT}
      </Text>
    );
  }
  return (
    <Table.ScrollContainer minWidth={480}>
      <Table striped withTableBorder verticalSpacing={4} fz="sm" aria-label={`My bids on ${number}`}>
        <Table.Thead>
          <Table.Tr>
            <IndexTh />
            <Table.Th>Time</Table.Th>
            <Table.Th ta="right">Amount</Table.Th>
            <Table.Th ta="right">Change</Table.Th>
            <Table.Th ta="right">Vehicles</Table.Th>
            <Table.Th>By</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {revisions.map((v, i) => {
            const before = revisions[i - 1];
            return (
              <Table.Tr key={`${v.at}-${v.amountRupees}`}>
                <Table.Td>{i + 1}</Table.Td>
                <Table.Td>{formatDateTime(v.at)}</Table.Td>
                <Table.Td ta="right" fw={i === revisions.length - 1 ? 700 : undefined}>
                  {formatInr(v.amountRupees)}
                </Table.Td>
                <Table.Td ta="right" c="dimmed">
                  {before ? `−${formatInr(before.amountRupees - v.amountRupees)}` : 'first bid'}
                </Table.Td>
                <Table.Td ta="right">{v.vehicles}</Table.Td>
                <Table.Td>{v.byName ?? '—'}</Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
