import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ListResponse } from '@freightdesk/shared/schemas/common';
import type { ContractDetail, ContractSummary } from '@freightdesk/shared/schemas/contract';
import type { CarrierRfq, RfqQuotesSaved, RfqSummary } from '@freightdesk/shared/schemas/rfq';
import { ApiError, api, type Query } from '../../../lib/api.ts';
import { downloadFile } from '../../../lib/download.ts';
import type { quotesBody } from '../rfq-quotes.ts';

export const CARRIER_RFQS_KEY = ['carrier-rfqs'] as const;
export const CARRIER_CONTRACTS_KEY = ['carrier-contracts'] as const;

/** `GET /api/carrier/rfqs` (carrier users): the RFQs inviting the carrier, newest first, a page at a time. */
export const getCarrierRfqs = (query: Query) => api.get<ListResponse<RfqSummary>>('/carrier/rfqs', query);

export const carrierRfqsQuery = (query: Query) =>
  queryOptions({
    queryKey: [...CARRIER_RFQS_KEY, query],
    queryFn: () => getCarrierRfqs(query),
    placeholderData: (previous) => previous,
  });

export const useCarrierRfqs = (query: Query) => useQuery(carrierRfqsQuery(query));

/** `GET /api/carrier/rfqs/:id` (carrier users): the lanes, the open round and the carrier's own quotes. */
export const getCarrierRfq = (id: number) => api.get<{ data: CarrierRfq }>(`/carrier/rfqs/${id}`).then((r) => r.data);

export const carrierRfqQuery = (id: number) =>
  queryOptions({
    queryKey: [...CARRIER_RFQS_KEY, 'detail', id],
    queryFn: () => getCarrierRfq(id),
  });

export const useCarrierRfq = (id: number) => useQuery(carrierRfqQuery(id));

/** Refetches every RFQ query (after a sheet upload, or when the round closed under the carrier). */
export function useRefreshRfqs() {
  const client = useQueryClient();
  return () => client.invalidateQueries({ queryKey: CARRIER_RFQS_KEY });
}

export type QuotesBody = ReturnType<typeof quotesBody>['body'];

/** `POST /api/carrier/rfqs/:id/quotes` (carrier users): the open round's rates and declines, all at once; 409 once quoting closed. */
export const sendQuotes = (rfqId: number, body: QuotesBody) => api.post<{ data: RfqQuotesSaved }>(`/carrier/rfqs/${rfqId}/quotes`, body);

/** Sent: the RFQ refetches. Refused because the round closed (409): it refetches too, so the page says so. */
export function useSendQuotes(rfqId: number) {
  const refresh = useRefreshRfqs();
  return useMutation({
    mutationFn: (body: QuotesBody) => sendQuotes(rfqId, body),
    onSuccess: () => void refresh(),
    onError: (err) => {
      if (err instanceof ApiError && err.status === 409) {
        void refresh();
      }
    },
  });
}

/** `GET /api/carrier/rfqs/:id/sheet?format=` (carrier users): the lane sheet (standing rates filled in) as the browser's download. */
export const downloadLaneSheet = (rfq: Pick<CarrierRfq, 'id' | 'number'>, format: 'xlsx' | 'csv') =>
  downloadFile(`/carrier/rfqs/${rfq.id}/sheet`, { format }, `${rfq.number}-lanes.${format}`);

/** `GET /api/carrier/contracts` (carrier users): the contracts made with the carrier, of any shipper. */
export const getCarrierContracts = (query: Query) => api.get<ListResponse<ContractSummary>>('/carrier/contracts', query);

export const carrierContractsQuery = (query: Query) =>
  queryOptions({
    queryKey: [...CARRIER_CONTRACTS_KEY, query],
    queryFn: () => getCarrierContracts(query),
    placeholderData: (previous) => previous,
  });

export const useCarrierContracts = (query: Query) => useQuery(carrierContractsQuery(query));

/** `GET /api/carrier/contracts/:id` (carrier users): one contract with its lanes and rates. */
export const getCarrierContract = (id: number) => api.get<{ data: ContractDetail }>(`/carrier/contracts/${id}`).then((r) => r.data);

export const carrierContractQuery = (id: number) =>
  queryOptions({
    queryKey: [...CARRIER_CONTRACTS_KEY, 'detail', id],
    queryFn: () => getCarrierContract(id),
  });

export const useCarrierContract = (id: number) => useQuery(carrierContractQuery(id));
