import { queryOptions } from '@tanstack/react-query';
import type { ListResponse } from '@freightdesk/shared/schemas/common';
import type { ContractDetail, ContractSummary } from '@freightdesk/shared/schemas/contract';
import type { CarrierRfq, RfqSummary } from '@freightdesk/shared/schemas/rfq';
import { api, type Query } from '../../lib/api.ts';

export const CARRIER_RFQS_KEY = ['carrier-rfqs'] as const;
export const CARRIER_CONTRACTS_KEY = ['carrier-contracts'] as const;

/** `GET /api/carrier/rfqs`: the RFQs inviting the carrier, newest first, a page at a time. */
export const carrierRfqsQuery = (query: Query) =>
  queryOptions({
    queryKey: [...CARRIER_RFQS_KEY, query],
    queryFn: () => api.get<ListResponse<RfqSummary>>('/carrier/rfqs', query),
    placeholderData: (previous) => previous,
  });

/** `GET /api/carrier/rfqs/:id`: the lanes, the open round and the carrier's own quotes. */
export const carrierRfqQuery = (id: number) =>
  queryOptions({
    queryKey: [...CARRIER_RFQS_KEY, 'detail', id],
    queryFn: () => api.get<{ data: CarrierRfq }>(`/carrier/rfqs/${id}`).then((r) => r.data),
  });

/** `GET /api/carrier/contracts`: the contracts made with the carrier, of any shipper. */
export const carrierContractsQuery = (query: Query) =>
  queryOptions({
    queryKey: [...CARRIER_CONTRACTS_KEY, query],
    queryFn: () => api.get<ListResponse<ContractSummary>>('/carrier/contracts', query),
    placeholderData: (previous) => previous,
  });

export const carrierContractQuery = (id: number) =>
  queryOptions({
    queryKey: [...CARRIER_CONTRACTS_KEY, 'detail', id],
    queryFn: () => api.get<{ data: ContractDetail }>(`/carrier/contracts/${id}`).then((r) => r.data),
  });
