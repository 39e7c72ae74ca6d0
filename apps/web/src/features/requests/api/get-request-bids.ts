import { queryOptions, useQuery } from '@tanstack/react-query';
import type { BidRevision, RankedBid } from '@freightdesk/shared/schemas/bid';
import { api } from '../../../lib/api.ts';
import type { Direction } from '../request-list.tsx';
import { requestKeys } from './request-keys.ts';

/** `GET /api/requests/:dir/:id/bids` [edit-outbound-request | list-bids-inbound-request]: the bids, ranked. */
export const getRequestBids = (dir: Direction, requestId: number) =>
  api.get<{ data: RankedBid[] }>(`/requests/${dir}/${requestId}/bids`).then((r) => r.data);

/** `live` while bidding is open: bids arrive over the socket, and a slow poll covers a dropped connection. */
export const requestBidsQueryOptions = (dir: Direction, requestId: number, live: boolean) =>
  queryOptions({
    queryKey: requestKeys.bids(dir, requestId),
    queryFn: () => getRequestBids(dir, requestId),
    refetchInterval: live ? 30_000 : false,
  });

export const useRequestBids = (dir: Direction, requestId: number, live: boolean) => useQuery(requestBidsQueryOptions(dir, requestId, live));

/** `GET /api/requests/:dir/:id/bids/:bidId` [edit-outbound-request | list-bids-inbound-request]: one bid and its revisions. */
export const getRequestBid = (dir: Direction, requestId: number, bidId: number) =>
  api.get<{ data: { bid: RankedBid; revisions: BidRevision[] } }>(`/requests/${dir}/${requestId}/bids/${bidId}`).then((r) => r.data);

export const requestBidQueryOptions = (dir: Direction, requestId: number, bidId: number) =>
  queryOptions({ queryKey: requestKeys.bid(dir, requestId, bidId), queryFn: () => getRequestBid(dir, requestId, bidId) });

export const useRequestBid = (dir: Direction, requestId: number, bidId: number) => useQuery(requestBidQueryOptions(dir, requestId, bidId));
