import { queryOptions, useQuery } from '@tanstack/react-query';
import type { BusinessUnitOption } from '@freightdesk/shared/schemas/plant';
import { api } from '../../../lib/api.ts';

/** `GET /api/business-units/options`: the shipper's business units for pickers and filters. */
export const getBusinessUnitOptions = () => api.get<{ data: BusinessUnitOption[] }>('/business-units/options').then((r) => r.data);

export const businessUnitOptionsQueryOptions = queryOptions({
  queryKey: ['business-units', 'options'],
  queryFn: getBusinessUnitOptions,
  staleTime: 60_000,
  select: (units) => units.map((u) => ({ value: String(u.id), label: u.name })),
});

/** The options as `{ value, label }` for a Mantine Select. */
export const useBusinessUnitOptions = () => useQuery(businessUnitOptionsQueryOptions);
