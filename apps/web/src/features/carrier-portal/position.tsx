import { Badge, Box, Group, Stack, Text } from '@mantine/core';
import type { CarrierRequest } from '@freightdesk/shared/schemas/bid';
import { formatInr } from '../../lib/format.ts';
import { basisLabel, isLive, outcomeOf } from './auction.ts';

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

function NoBid({ request }: { request: CarrierRequest }) {
  const text = request.status === 'scheduled' ? 'Not open yet' : isLive(request) ? 'No bid yet' : 'You did not bid';
  return (
    <Group gap="xs" wrap="nowrap" role="group" aria-label="Your rank">
      <Badge size="xl" radius="sm" color="gray" variant="light" miw={48} style={{ flexShrink: 0 }}>
        —
      </Badge>
      <Text fw={600} c="dimmed">
        {text}
      </Text>
    </Group>
  );
}

/** Under the rank: how far off L1 the carrier is, when the shipper shows the lowest price. */
function rankNote(rank: number | null, amount: number, lowest: number | null, live: boolean): string | null {
  if (rank === null) {
    return 'Rank hidden by the shipper';
  }
  if (rank === 1) {
    return live ? 'Lowest bid' : null;
  }
  return lowest !== null && amount > lowest ? `${formatInr(amount - lowest)} above L1` : null;
}

/** The carrier's own standing: a big L1/L2 badge, its bid, the lowest price when the shipper shows it. */
export function BidPositionView({ request }: { request: CarrierRequest }) {
  const bid = request.myBid;
  if (!bid) {
    return <NoBid request={request} />;
  }
  const live = isLive(request);
  const { rank } = bid;
  const tone = rank === null ? 'gray' : rank === 1 ? 'green' : 'orange';
  const note = rankNote(rank, bid.amountRupees, bid.lowestRupees, live);
  return (
    <Stack gap={4}>
      <Group gap="xs" wrap="nowrap" role="group" aria-label="Your rank">
        <Badge size="xl" radius="sm" color={tone} variant={rank === 1 ? 'filled' : 'light'} miw={48} style={{ flexShrink: 0 }}>
          {rank === null ? '?' : `L${rank}`}
        </Badge>
        <Stack gap={0}>
          <Text fw={700} c={rank === null ? 'dimmed' : tone} lh={1.25}>
            {rank === null ? 'Your bid is in' : live ? `You are L${rank}` : `You finished L${rank}`}
          </Text>
          {note && (
            <Text size="xs" c={rank === null ? 'dimmed' : tone}>
              {note}
            </Text>
          )}
        </Stack>
      </Group>
      <Text size="sm">
        Your bid <b style={{ whiteSpace: 'nowrap' }}>{formatInr(bid.amountRupees)}</b>
        <Text span size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
          {' '}
          / {basisLabel(request.priceBasis)} × {plural(bid.vehicles, 'vehicle')}
        </Text>
      </Text>
      <Text size="xs" c="dimmed">
        {bid.lowestRupees !== null ? `Lowest ${formatInr(bid.lowestRupees)} · ` : ''}
        {plural(bid.revisions, 'revision')}
      </Text>
    </Stack>
  );
}

/** 'Awarded (n vehicles)', 'Regret', 'Closed — awaiting award'… on a finished request. */
export function OutcomeBadge({ request }: { request: CarrierRequest }) {
  const outcome = outcomeOf(request);
  if (!outcome) {
    return null;
  }
  return (
    <Box role="group" aria-label="Outcome">
      <Badge size="lg" radius="sm" color={outcome.color} variant={outcome.color === 'green' ? 'filled' : 'light'}>
        {outcome.label}
      </Badge>
    </Box>
  );
}
