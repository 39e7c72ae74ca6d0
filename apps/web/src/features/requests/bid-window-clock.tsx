import { Paper } from '@mantine/core';
import { useRef, useState } from 'react';
import { type BidWindow, latestBidEnd } from '../../domain/auction/auction-clock.ts';
import { AuctionCountdown } from '../../domain/auction/countdown.tsx';
import { useDeadlineRefetch } from '../../domain/auction/use-deadline-refetch.ts';
import { useRequestEvents } from '../../lib/socket.ts';

/**
 * Follows a request's live events for a bid page: refetches `queryKeys` on each, and answers the
 * bid end the last new bid announced (an anti-sniping extension shows before the refetch lands).
 * With the request's window, also refetches them when this page's own clock passes its bid start
 * or end: a live event can be missed (a tab opened just after the end), the server's state cannot.
 */
export function useLiveBidEnd(requestId: number, queryKeys: unknown[][], window?: BidWindow): string | undefined {
  const [announced, setAnnounced] = useState<string>();
  useRequestEvents([requestId], queryKeys, (event) => {
    if (event.bidEndAt) {
      setAnnounced(event.bidEndAt);
    }
  });
  useDeadlineRefetch(window && { ...window, bidEndAt: latestBidEnd(window.bidEndAt, announced) }, queryKeys);
  return announced;
}

/**
 * The shipper's clock of a request's bid window, the carrier portal's countdown: time to bid start
 * or end, ticking, and the new end at once when a late bid extends it (with the end it replaced).
 */
export function BidWindowClock({ request, announcedEnd }: { request: BidWindow; announcedEnd?: string }) {
  // The end when this page opened: a later one came from an extension seen live.
  const opened = useRef(request.bidEndAt);
  const bidEndAt = latestBidEnd(request.bidEndAt, announcedEnd);
  const extendedFrom = Date.parse(bidEndAt) > Date.parse(opened.current) ? opened.current : undefined;
  return (
    <Paper withBorder p="sm" w="fit-content" miw={220} role="group" aria-label="Bid window">
      <AuctionCountdown request={{ ...request, bidEndAt }} extendedFrom={extendedFrom} />
    </Paper>
  );
}
