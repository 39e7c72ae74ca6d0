import { Stack, Text } from '@mantine/core';
import { useInterval } from '@mantine/hooks';
import { useState } from 'react';
import { formatDateTime } from '../../lib/format.ts';
import { auctionClock, type BidWindow } from './auction-clock.ts';

/**
 * The bid window's clock, ticking every second in its own component so a page of 30 auctions
 * re-renders only the clocks, not the rows. The carrier's auctions and the shipper's bid board
 * both show it. `extendedFrom`: the bid end before an anti-sniping extension, when there was one.
 */
export function AuctionCountdown({
  request,
  extendedFrom,
}: {
  request: BidWindow & { antiSnipingMinutes?: number };
  extendedFrom?: string;
}) {
  const [now, setNow] = useState(Date.now);
  useInterval(() => setNow(Date.now()), 1000, { autoInvoke: true });
  const clock = auctionClock(request, now);
  const scheduled = request.status === 'scheduled';
  const at = scheduled ? request.bidStartAt : request.bidEndAt;
  return (
    <Stack gap={0}>
      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
        {clock.label}
      </Text>
      {clock.left && (
        <Text
          role="timer"
          aria-label="Time left"
          fw={700}
          fz={22}
          lh={1.2}
          c={clock.color}
          style={{ fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' }}
        >
          {clock.left}
        </Text>
      )}
      <Text size="xs" c="dimmed">
        {scheduled ? 'opens' : request.status === 'open' ? 'ends' : 'ended'} {formatDateTime(at)}
      </Text>
      {extendedFrom && !scheduled && (
        <Text size="xs" c="orange" fw={600}>
          Extended from {formatDateTime(extendedFrom)} by a late bid
        </Text>
      )}
      {(scheduled || request.status === 'open') && Boolean(request.antiSnipingMinutes) && (
        <Text size="xs" c="dimmed">
          A bid in the last {request.antiSnipingMinutes} min extends it by {request.antiSnipingMinutes} min
        </Text>
      )}
    </Stack>
  );
}
