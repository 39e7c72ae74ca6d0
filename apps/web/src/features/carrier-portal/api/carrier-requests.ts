import { queryOptions, useQueries, useQuery } from '@tanstack/react-query';
import type { BidRevision, CarrierRequest, CarrierRequestList, CarrierRequestTab } from '@freightdesk/shared/schemas/bid';
import type { PriceBand } from '@freightdesk/shared/schemas/usual-price';
import { api } from '../../../lib/api.ts';

/** Every request query of the carrier starts with this, so a socket event can refetch them together. */
export const CARRIER_REQUESTS_KEY = ['carrier-requests'] as const;

export type CarrierRequestDetail = CarrierRequest & { revisions: BidRevision[] };

/** Every page of every tab of the requests list (a bid updates them all; an event refetches them all). */
export const CARRIER_REQUEST_LISTS_KEY = [...CARRIER_REQUESTS_KEY, 'list'] as const;

export type CarrierRequestsParams = { tab: CarrierRequestTab; page: number; pageSize: number; search?: string };

/**
 * `GET /api/carrier/requests` (carrier users): one tab of the invited requests (live: bid end soonest first;
 * finished: newest first), searched and paged on the server, with both tabs' counts.
 */
export const getCarrierRequests = (params: CarrierRequestsParams) => api.get<CarrierRequestList>('/carrier/requests', params);

export const carrierRequestsQuery = (params: CarrierRequestsParams) =>
  queryOptions({
    queryKey: [...CARRIER_REQUEST_LISTS_KEY, params],
    queryFn: () => getCarrierRequests(params),
    placeholderData: (previous) => previous,
    // Sockets bring bids and status changes; the poll covers a dropped connection.
    refetchInterval: 30_000,
  });

/** One tab's page; `enabled: false` keeps a tab not shown from being asked. */
export const useCarrierRequests = (params: CarrierRequestsParams, enabled = true) => useQuery({ ...carrierRequestsQuery(params), enabled });

/** `GET /api/carrier/requests/:id` (carrier users): one request with the carrier's own bid revisions. */
export const getCarrierRequest = (id: number) => api.get<{ data: CarrierRequestDetail }>(`/carrier/requests/${id}`).then((r) => r.data);

export const carrierRequestQuery = (id: number) =>
  queryOptions({
    queryKey: [...CARRIER_REQUESTS_KEY, 'detail', id],
    queryFn: () => getCarrierRequest(id),
  });

export const useCarrierRequest = (id: number) => useQuery(carrierRequestQuery(id));

/** Several requests by id, each polled every 30 s (the ones that left the live list while watched). */
export const useCarrierRequestsById = (ids: readonly number[]) =>
  useQueries({ queries: ids.map((id) => ({ ...carrierRequestQuery(id), refetchInterval: 30_000 })) });

/**
 * `GET /api/carrier/requests/:id/usual-price` (carrier users): the lane's usual price for the bid, by the shipper's
 * own rule (its past orders on this lane, else distance and load). It does not move with bids, so it is read once (not with the request's refetches).
 */
export const getCarrierUsualPrice = (id: number) =>
  api.get<{ data: PriceBand | null }>(`/carrier/requests/${id}/usual-price`).then((r) => r.data);

export const carrierUsualPriceQuery = (id: number) =>
  queryOptions({
    queryKey: ['carrier-usual-price', id],
    queryFn: () => getCarrierUsualPrice(id),
    staleTime: Number.POSITIVE_INFINITY,
  });

export const useCarrierUsualPrice = (id: number) => useQuery(carrierUsualPriceQuery(id));
