import { queryOptions } from '@tanstack/react-query';
import type { ContractSummary } from '@freightdesk/shared/schemas/contract';
import type { ListResponse } from '@freightdesk/shared/schemas/common';
import type { LaneComparison } from '@freightdesk/shared/schemas/rfq';
import { api } from '../../lib/api.ts';

/** `GET /api/rfqs/:id/compare`: per lane every carrier's latest quote ranked, spread and saving. Under `rfqs`, so a round or award refreshes it. */
export const compareQuery = (id: number) =>
  queryOptions({
    queryKey: ['rfqs', 'compare', id],
    queryFn: () => api.get<{ data: LaneComparison[] }>(`/rfqs/${id}/compare`).then((r) => r.data),
  });

/** `GET /api/contracts?rfqId=`: the contracts an RFQ's award made. */
export const rfqContractsQuery = (rfqId: number) =>
  queryOptions({
    queryKey: ['contracts', 'of-rfq', rfqId],
    queryFn: () => api.get<ListResponse<ContractSummary>>('/contracts', { rfqId, pageSize: 100 }).then((r) => r.data),
  });
