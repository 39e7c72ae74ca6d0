import { Stack, Text } from '@mantine/core';
import { useInterval } from '@mantine/hooks';
import { useState } from 'react';
import type { CarrierRequest } from '@freightdesk/shared/schemas/bid';
import { formatDateTime } from '../../lib/format.ts';
import { auctionClock } from './auction.ts';

/**
 * The bid window's clock, ticking every second in its own component so a page of 30 auctions
 * re-renders only the clocks, not the rows.
 */
export function AuctionCountdown({
  request,
}: {
  request: Pick<CarrierRequest, 'status' | 'bidStartAt' | 'bidEndAt' | 'antiSnipingMinutes'>;
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
      {(scheduled || request.status === 'open') && Boolean(request.antiSnipingMinutes) && (
        <Text size="xs" c="dimmed">
          A bid in the last {request.antiSnipingMinutes} min extends it by {request.antiSnipingMinutes} min
        </Text>
      )}
    </Stack>
  );
}
