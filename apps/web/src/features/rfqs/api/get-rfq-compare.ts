import { queryOptions, useQuery } from '@tanstack/react-query';
import type { LaneComparison } from '@freightdesk/shared/schemas/rfq';
import { api } from '../../../lib/api.ts';
import { rfqKeys } from './rfq-keys.ts';

/** `GET /api/rfqs/:id/compare` [list-rfp | add-rfp]: per lane every carrier's latest quote ranked, spread and saving. */
export const getRfqCompare = (id: number) => api.get<{ data: LaneComparison[] }>(`/rfqs/${id}/compare`).then((r) => r.data);

/** Under `rfqs`, so a round or award refreshes it. */
export const rfqCompareQueryOptions = (id: number) => queryOptions({ queryKey: rfqKeys.compare(id), queryFn: () => getRfqCompare(id) });

export const useRfqCompare = (id: number) => useQuery(rfqCompareQueryOptions(id));
