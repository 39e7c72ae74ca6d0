import { queryOptions } from '@tanstack/react-query';
import type { BidRevision, CarrierRequest, CarrierRequestList, CarrierRequestTab } from '@freightdesk/shared/schemas/bid';
import type { ListResponse } from '@freightdesk/shared/schemas/common';
import type { OrderDetail } from '@freightdesk/shared/schemas/execution';
import type { Order } from '@freightdesk/shared/schemas/order';
import type { PriceBand } from '@freightdesk/shared/schemas/usual-price';
import { api, type Query } from '../../lib/api.ts';

/** Every query of this feature starts with one of these, so a socket event can refetch them together. */
export const CARRIER_REQUESTS_KEY = ['carrier-requests'] as const;

export type CarrierRequestDetail = CarrierRequest & { revisions: BidRevision[] };

/** Every page of every tab of the requests list (a bid updates them all; an event refetches them all). */
export const CARRIER_REQUEST_LISTS_KEY = [...CARRIER_REQUESTS_KEY, 'list'] as const;

export type CarrierRequestsParams = { tab: CarrierRequestTab; page: number; pageSize: number; search?: string };

/**
 * `GET /api/carrier/requests`: one tab of the invited requests (live: bid end soonest first;
 * finished: newest first), searched and paged on the server, with both tabs' counts.
 */
export const carrierRequestsQuery = (params: CarrierRequestsParams) =>
  queryOptions({
    queryKey: [...CARRIER_REQUEST_LISTS_KEY, params],
    queryFn: () => api.get<CarrierRequestList>('/carrier/requests', params),
    placeholderData: (previous) => previous,
    // Sockets bring bids and status changes; the poll covers a dropped connection.
    refetchInterval: 30_000,
  });

/** `GET /api/carrier/requests/:id`: one request with the carrier's own bid revisions. */
export const carrierRequestQuery = (id: number) =>
  queryOptions({
    queryKey: [...CARRIER_REQUESTS_KEY, 'detail', id],
    queryFn: () => api.get<{ data: CarrierRequestDetail }>(`/carrier/requests/${id}`).then((r) => r.data),
  });

/**
 * `GET /api/carrier/requests/:id/usual-price`: the lane's usual price for the bid, by the shipper's
 * own rule (its past orders on this lane, else distance and load). It does not move with bids, so it is read once (not with the request's refetches).
 */
export const carrierUsualPriceQuery = (id: number) =>
  queryOptions({
    queryKey: ['carrier-usual-price', id],
    queryFn: () => api.get<{ data: PriceBand | null }>(`/carrier/requests/${id}/usual-price`).then((r) => r.data),
    staleTime: Number.POSITIVE_INFINITY,
  });
