import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { CarrierScorecard } from '@freightdesk/shared/schemas/carrier-scorecard';
import { api } from '../../../lib/api.ts';

/** The range asked; an end left out is the server's default (the last 90 days). */
export type ScorecardRangeAsked = { from?: string; to?: string };

/** `GET /api/carrier/scorecard?from&to` (carrier users): its scorecard per shipper and its emissions by month. */
export const getCarrierScorecard = (range: ScorecardRangeAsked) =>
  api.get<{ data: CarrierScorecard }>('/carrier/scorecard', range).then((r) => r.data);

export const carrierScorecardQuery = (range: ScorecardRangeAsked) =>
  queryOptions({
    queryKey: ['carrier-scorecard', range],
    queryFn: () => getCarrierScorecard(range),
    placeholderData: keepPreviousData,
  });

export const useCarrierScorecard = (range: ScorecardRangeAsked) => useQuery(carrierScorecardQuery(range));
