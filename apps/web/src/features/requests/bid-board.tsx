import { Alert, Badge, Button, Group, Stack, Table, Text } from '@mantine/core';
import { useState } from 'react';
import { Link } from 'react-router';
import type { RankedBid } from '@freightdesk/shared/schemas/bid';
import { useRequestBids } from './api/get-request-bids.ts';
import type { TransportRequest } from '@freightdesk/shared/schemas/request';
import { NumberTextInput } from '../../components/form/number-input.tsx';
import { formatDateTime, formatInr } from '../../lib/format.ts';
import { hasPermission } from '../../lib/session.ts';
import { BidWindowClock, useLiveBidEnd } from './bid-window-clock.tsx';
import type { Vehicles } from './award-confirm.ts';
import type { Direction } from './request-list.tsx';
import { useAward } from './use-award.ts';
import { formatPct } from '@freightdesk/shared/percent';

/** Why a typed number of vehicles cannot be awarded to a bid: never clamped to what it offers. */
const vehiclesError = (v: number | undefined, offered: number) =>
  v === undefined || v === 0
    ? undefined
    : !Number.isInteger(v) || v < 0
      ? 'Enter a whole number'
      : v > offered
        ? `At most ${offered}`
        : undefined;

/** The ranked bids; with `award`, a vehicles input per bid. */
function BidTable({
  dir,
  request,
  rows,
  award,
}: {
  dir: Direction;
  request: TransportRequest;
  rows: RankedBid[];
  award?: { vehicles: Vehicles; set: (v: Vehicles) => void };
}) {
  return (
    <Table striped aria-label="Bids">
      <Table.Thead>
        <Table.Tr>
          <Table.Th>Rank</Table.Th>
          <Table.Th>Carrier</Table.Th>
          <Table.Th>Amount</Table.Th>
          <Table.Th>Vehicles offered</Table.Th>
          <Table.Th>Saving vs target</Table.Th>
          <Table.Th>Bid at</Table.Th>
          {award && <Table.Th>Award vehicles</Table.Th>}
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {rows.map((b) => (
          <Table.Tr key={b.id}>
            <Table.Td>
              <Badge color={b.rank === 1 ? 'green' : 'gray'}>L{b.rank}</Badge>
            </Table.Td>
            <Table.Td>
              <Link to={`/request/${dir}/view-bid/${b.id}/${request.id}`}>{b.carrierName}</Link>
            </Table.Td>
            <Table.Td>{formatInr(b.amountRupees)}</Table.Td>
            <Table.Td>{b.vehicles}</Table.Td>
            <Table.Td>{b.savingRupees === null ? '—' : `${formatInr(b.savingRupees)} (${formatPct(b.savingPercent)})`}</Table.Td>
            <Table.Td>{formatDateTime(b.bidAt)}</Table.Td>
            {award && (
              <Table.Td>
                <NumberTextInput
                  aria-label={`Vehicles to award to ${b.carrierName}`}
                  size="xs"
                  w={110}
                  decimals={0}
                  placeholder="0"
                  value={award.vehicles[b.id]}
                  onChange={(v) => award.set({ ...award.vehicles, [b.id]: v })}
                  error={vehiclesError(award.vehicles[b.id], b.vehicles)}
                />
              </Table.Td>
            )}
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

/**
 * The ranked bids under the bid window's live clock, refreshed live while bidding is open; award
 * with vehicles per bid once it has closed.
 */
export function BidBoard({ dir, request }: { dir: Direction; request: TransportRequest }) {
  const live = request.status === 'open';
  // Bids arrive over the socket; a slow poll covers a dropped connection.
  const board = useRequestBids(dir, request.id, live);
  const announcedEnd = useLiveBidEnd(request.id, [[`requests/${dir}`]], request);
  const [vehicles, setVehicles] = useState<Vehicles>({});
  const canAward =
    (request.status === 'closed' || request.status === 'awarded') &&
    hasPermission(dir === 'outbound' ? 'edit-outbound-request' : 'edit-inbound-request');
  const rows = board.data ?? [];
  const award = useAward(dir, request, rows, vehicles, () => setVehicles({}));
  const chosen = Object.values(vehicles).some((v) => v !== undefined && v > 0);
  const refused = rows.some((b) => vehiclesError(vehicles[b.id], b.vehicles) !== undefined);
  return (
    <Stack>
      <Group align="center">
        <BidWindowClock request={request} announcedEnd={announcedEnd} />
        {live && (
          <Alert color="green" style={{ flex: 1 }}>
            Bidding is open; ranks refresh live.
          </Alert>
        )}
      </Group>
      {rows.length === 0 ? (
        <Text c="dimmed">No Available Data</Text>
      ) : (
        <BidTable dir={dir} request={request} rows={rows} award={canAward ? { vehicles, set: setVehicles } : undefined} />
      )}
      {canAward && rows.length > 0 && (
        <Group>
          <Button onClick={() => void award.start()} loading={award.pending} disabled={!chosen || refused}>
            Award
          </Button>
        </Group>
      )}
    </Stack>
  );
}
