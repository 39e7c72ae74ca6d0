import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ListResponse } from '@freightdesk/shared/schemas/common';
import type { FactorVersion, FactorVersionInput } from '@freightdesk/shared/schemas/emissions';
import { api, type Query } from '../../../lib/api.ts';

const KEY = ['emission-factors'] as const;

/** GET `/emissions/factors`: a page of the factor versions the user reads (defaults and the company's own), newest first. */
export function useFactorVersions(query: Query) {
  return useQuery({
    queryKey: [...KEY, query],
    queryFn: () => api.get<ListResponse<FactorVersion>>('/emissions/factors', query),
    placeholderData: keepPreviousData,
  });
}

/** POST `/emissions/factors`: adds a dated version (under one idempotency key per submit). */
export function useAddFactorVersion() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: FactorVersionInput) => api.post<{ data: FactorVersion }>('/emissions/factors', body).then((r) => r.data),
    onSuccess: () => client.invalidateQueries({ queryKey: KEY }),
  });
}
