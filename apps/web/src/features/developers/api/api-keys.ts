import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ApiKey, ApiKeyCall, ApiKeyCreate, ApiKeyCreated, ApiKeyGrantable } from '@freightdesk/shared/schemas/api-key';
import type { ListResponse } from '@freightdesk/shared/schemas/common';
import { api, type Query } from '../../../lib/api.ts';

/** The company's API keys (issue 34): list, scopes this user may grant, create, revoke, each key's calls. */
const KEYS = ['api-keys'] as const;

export function useApiKeys(query: Query) {
  return useQuery({
    queryKey: [...KEYS, 'list', query],
    queryFn: () => api.get<ListResponse<ApiKey>>('/api-keys', query),
    placeholderData: keepPreviousData,
  });
}

export function useGrantableScopes() {
  return useQuery({
    queryKey: [...KEYS, 'grantable'],
    queryFn: () => api.get<{ data: ApiKeyGrantable }>('/api-keys/grantable').then((r) => r.data.scopes),
  });
}

/** Creates a key: its secret is in this answer only. */
export function useCreateApiKey() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: ApiKeyCreate) => api.post<{ data: ApiKeyCreated }>('/api-keys', body).then((r) => r.data),
    onSuccess: () => client.invalidateQueries({ queryKey: KEYS }),
  });
}

export function useRevokeApiKey() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.post<{ data: { id: number } }>(`/api-keys/${id}/revoke`, {}).then((r) => r.data),
    onSuccess: () => client.invalidateQueries({ queryKey: KEYS }),
  });
}

export function useApiKeyCalls(id: number, query: Query) {
  return useQuery({
    queryKey: [...KEYS, 'calls', id, query],
    queryFn: () => api.get<ListResponse<ApiKeyCall>>(`/api-keys/${id}/calls`, query),
    placeholderData: keepPreviousData,
  });
}
