import { Badge, Group, SimpleGrid, Table, Text } from '@mantine/core';
import { Link, useParams } from 'react-router';
import type { BidRevision, RankedBid } from '@freightdesk/shared/schemas/bid';
import type { TransportRequest } from '@freightdesk/shared/schemas/request';
import { Page } from '../../components/layout/page.tsx';
import { PageQueryState } from '../../components/feedback/query-state.tsx';
import { useMasterOne } from '../../components/master/use-master.ts';
import { formatDateTime, formatInr } from '../../lib/format.ts';
import { hasPermission } from '../../lib/session.ts';
import { BidWindowClock, useLiveBidEnd } from './bid-window-clock.tsx';
import type { Direction } from './request-list.tsx';
import { useRequestBid } from './api/get-request-bids.ts';
import { IndexTh } from '../../components/data-table/index-column.tsx';
import { formatPct } from '@freightdesk/shared/percent';

/** What a bid page refetches on a live event or at a deadline: the bid and its request. */
const bidPageKeys = (dir: Direction, requestId: number) => [
  [`requests/${dir}`, 'bid'],
  [`requests/${dir}`, 'one', requestId],
];

/** `/request/{dir}/view-bid/:id/:req_id`: one carrier's bid (id) on a request (req_id), with every revision and the bid window's clock. */
export function ViewBidPage({ dir }: { dir: Direction }) {
  const { id, req_id: requestId } = useParams();
  const query = useRequestBid(dir, Number(requestId), Number(id));
  // The bid window's clock needs the request, which the detail permission opens.
  const mayOpen = hasPermission(dir === 'outbound' ? 'detail-outbound-request' : 'detail-inbound-request');
  const { data: request } = useMasterOne<TransportRequest>(`requests/${dir}`, mayOpen ? Number(requestId) : undefined);
  const announcedEnd = useLiveBidEnd(Number(requestId), bidPageKeys(dir, Number(requestId)), request);
  const back = `/request/${dir}/detail/${requestId}/bids`;
  const data = query.data;
  if (!data) {
    return <PageQueryState title="Bid" query={query} loading="Loading the bid" failed="The bid could not be loaded." />;
  }
  const { bid, revisions } = data;
  return (
    <Page title={`Bid of ${bid.carrierName}`} actions={<Link to={back}>Back to the bids</Link>}>
      {request && (
        <Group mb="md">
          <BidWindowClock request={request} announcedEnd={announcedEnd} />
        </Group>
      )}
      <BidFigures bid={bid} />
      <RevisionsTable revisions={revisions} />
    </Page>
  );
}

/** The bid now: its rank, amount, vehicles and saving against the target. */
function BidFigures({ bid }: { bid: RankedBid }) {
  return (
    <SimpleGrid cols={{ base: 2, sm: 4 }} mb="lg">
      <div>
        <Text size="xs" c="dimmed">
          Rank
        </Text>
        <Badge size="lg" color={bid.rank === 1 ? 'green' : 'gray'}>
          L{bid.rank}
        </Badge>
      </div>
      <div>
        <Text size="xs" c="dimmed">
          Current amount
        </Text>
        <Text fw={600}>{formatInr(bid.amountRupees)}</Text>
      </div>
      <div>
        <Text size="xs" c="dimmed">
          Vehicles offered
        </Text>
        <Text fw={600}>{bid.vehicles}</Text>
      </div>
      <div>
        <Text size="xs" c="dimmed">
          Saving vs target
        </Text>
        <Text fw={600}>{bid.savingRupees === null ? '—' : `${formatInr(bid.savingRupees)} (${formatPct(bid.savingPercent)})`}</Text>
      </div>
    </SimpleGrid>
  );
}

/** Every revision of the bid, oldest first. */
function RevisionsTable({ revisions }: { revisions: BidRevision[] }) {
  // On a phone the table scrolls in its own box, not the page.
  return (
    <Table.ScrollContainer minWidth={480}>
      <Table striped aria-label="Revisions">
        <Table.Thead>
          <Table.Tr>
            <IndexTh />
            <Table.Th>Amount</Table.Th>
            <Table.Th>Vehicles</Table.Th>
            <Table.Th>Bid at</Table.Th>
            <Table.Th>By</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {revisions.map((v, i) => (
            <Table.Tr key={v.at}>
              <Table.Td>{i + 1}</Table.Td>
              <Table.Td>{formatInr(v.amountRupees)}</Table.Td>
              <Table.Td>{v.vehicles}</Table.Td>
              <Table.Td>{formatDateTime(v.at)}</Table.Td>
              <Table.Td>{v.byName ?? '—'}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
