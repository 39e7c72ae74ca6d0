import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { PriceBand } from '@freightdesk/shared/schemas/usual-price';
import { api, type Query } from '../../../lib/api.ts';
import type { Direction } from '../request-list.tsx';

/** The lane and load as the usual-price call takes them (see laneQuery). */
export type LaneQuery = Query;

/** `GET /api/requests/:dir/usual-price` [add-, edit- or replicate-<dir>-request]: the lane's usual price band, or null. */
export const getUsualPrice = (dir: Direction, lane: LaneQuery) =>
  api.get<{ data: PriceBand | null }>(`/requests/${dir}/usual-price`, lane).then((r) => r.data);

/** `lane` is the lane query as JSON text (debounced by the caller); empty until the lane is known. */
export const usualPriceQueryOptions = (dir: Direction, lane: string) =>
  queryOptions({
    queryKey: ['usual-price', dir, lane],
    queryFn: () => getUsualPrice(dir, JSON.parse(lane) as LaneQuery),
    enabled: lane !== '',
    staleTime: 60_000,
    placeholderData: keepPreviousData,
    retry: false,
  });

export const useUsualPrice = (dir: Direction, lane: string) => useQuery(usualPriceQueryOptions(dir, lane));
