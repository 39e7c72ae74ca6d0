import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ListResponse } from '@freightdesk/shared/schemas/common';
import type { ContractSummary } from '@freightdesk/shared/schemas/contract';
import { api } from '../../../lib/api.ts';
import { contractKeys } from './rfq-keys.ts';

/** `GET /api/contracts?rfqId=` [list-indent]: the contracts an RFQ's award made. */
export const getRfqContracts = (rfqId: number) =>
  api.get<ListResponse<ContractSummary>>('/contracts', { rfqId, pageSize: 100 }).then((r) => r.data);

export const rfqContractsQueryOptions = (rfqId: number) =>
  queryOptions({ queryKey: contractKeys.ofRfq(rfqId), queryFn: () => getRfqContracts(rfqId) });

export const useRfqContracts = (rfqId: number) => useQuery(rfqContractsQueryOptions(rfqId));
