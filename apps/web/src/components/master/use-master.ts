import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ListResponse } from '@freightdesk/shared/schemas/common';
import { api, type Query } from '../../lib/api.ts';

/** List, read, save and status calls of one master API (`/api/<path>`), cached under `path`. */
export function useMasterApi<T>(path: string) {
  const client = useQueryClient();
  const invalidate = () => client.invalidateQueries({ queryKey: [path] });
  return {
    useList: (query: Query) =>
      useQuery({
        queryKey: [path, 'list', query],
        queryFn: () => api.get<ListResponse<T>>(`/${path}`, query),
        placeholderData: keepPreviousData,
      }),
    useOne: (id: number | undefined) =>
      useQuery({
        queryKey: [path, 'one', id],
        queryFn: () => api.get<{ data: T }>(`/${path}/${id}`).then((r) => r.data),
        enabled: Boolean(id),
      }),
    useSave: (id: number | undefined) =>
      useMutation({
        mutationFn: (body: unknown) =>
          (id ? api.put<{ data: T }>(`/${path}/${id}`, body) : api.post<{ data: T }>(`/${path}`, body)).then((r) => r.data),
        onSuccess: invalidate,
      }),
    useAction: () =>
      useMutation({
        mutationFn: ({ url, body }: { url: string; body?: unknown }) => api.post<{ data: T }>(`/${path}/${url}`, body ?? {}),
        onSuccess: invalidate,
      }),
    useRemove: () =>
      useMutation({
        mutationFn: (id: number) => api.delete<{ data: unknown }>(`/${path}/${id}`),
        onSuccess: invalidate,
      }),
  };
}

/** Options (`{ id, name }`) from an `/options` call, for selects. */
export function useOptions(path: string, enabled = true) {
  return useQuery({
    queryKey: [path, 'options'],
    queryFn: () =>
      api
        .get<{ data: { id: number; name: string }[] }>(`/${path}/options`)
        .then((r) => r.data.map((o) => ({ value: String(o.id), label: o.name }))),
    staleTime: 60_000,
    enabled,
  });
}
