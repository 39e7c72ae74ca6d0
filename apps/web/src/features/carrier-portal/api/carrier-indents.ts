import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ListResponse } from '@freightdesk/shared/schemas/common';
import type { CarrierIndent } from '@freightdesk/shared/schemas/indent';
import { api, type Query } from '../../../lib/api.ts';

/** Every indent query starts with this, so an answer or an `indent` notification refetches them together. */
export const CARRIER_INDENTS_KEY = ['carrier-indents'] as const;

/**
 * `GET /api/carrier/indents` (carrier users): the indents addressed to the carrier, a page at a time. `pending`
 * keeps the turns still offered, soonest deadline first (the API orders them).
 */
export const getCarrierIndents = (query: Query) => api.get<ListResponse<CarrierIndent>>('/carrier/indents', query);

export const carrierIndentsQuery = (query: Query) =>
  queryOptions({
    queryKey: [...CARRIER_INDENTS_KEY, query],
    queryFn: () => getCarrierIndents(query),
    placeholderData: (previous) => previous,
    // Notifications refetch at once; the poll covers a dropped connection and turns that expired meanwhile.
    refetchInterval: 60_000,
  });

export const useCarrierIndents = (query: Query) => useQuery(carrierIndentsQuery(query));

/** `GET /api/carrier/indents/:id` (carrier users): one indent as the carrier sees it (its own turn only). */
export const getCarrierIndent = (id: number) => api.get<{ data: CarrierIndent }>(`/carrier/indents/${id}`).then((r) => r.data);

export const carrierIndentQuery = (id: number) =>
  queryOptions({
    queryKey: [...CARRIER_INDENTS_KEY, 'detail', id],
    queryFn: () => getCarrierIndent(id),
  });

export const useCarrierIndent = (id: number) => useQuery(carrierIndentQuery(id));
