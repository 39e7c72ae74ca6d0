import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ListResponse } from '@freightdesk/shared/schemas/common';
import { api, type Query } from '../../lib/api.ts';

/** Hooks over one master API (`/api/<path>`), every query cached under `[path, …]`. */
export function useMasterList<T>(path: string, query: Query) {
  return useQuery({
    queryKey: [path, 'list', query],
    queryFn: () => api.get<ListResponse<T>>(`/${path}`, query),
    placeholderData: keepPreviousData,
  });
}

export function useMasterOne<T>(path: string, id: number | undefined) {
  return useQuery({
    queryKey: [path, 'one', id],
    queryFn: () => api.get<{ data: T }>(`/${path}/${id}`).then((r) => r.data),
    enabled: Boolean(id),
  });
}

/**
 * Add (no id) or edit; every query of the master is refreshed after. An edit sends the version the
 * form loaded (`ifMatch`), so a record changed meanwhile is refused (409 STALE), not overwritten.
 */
export function useMasterSave<T>(path: string, id: number | undefined) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ body, ifMatch }: { body: unknown; ifMatch?: string }) =>
      (id ? api.put<{ data: T }>(`/${path}/${id}`, body, { ifMatch }) : api.post<{ data: T }>(`/${path}`, body)).then((r) => r.data),
    onSuccess: () => client.invalidateQueries({ queryKey: [path] }),
  });
}

/** A POST to `/api/<path>/<url>` (status, block, assign …). */
export function useMasterAction<T>(path: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ url, body }: { url: string; body?: unknown }) => api.post<{ data: T }>(`/${path}/${url}`, body ?? {}),
    onSuccess: () => client.invalidateQueries({ queryKey: [path] }),
  });
}

export function useMasterRemove(path: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.delete<{ data: unknown }>(`/${path}/${id}`),
    onSuccess: () => client.invalidateQueries({ queryKey: [path] }),
  });
}
