import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ListResponse, Status } from '@freightdesk/shared/schemas/common';
import type { BusinessUnitOption, Plant, PlantInput } from '@freightdesk/shared/schemas/plant';
import { api, type Query } from '../../../lib/api.ts';

export const plantKeys = { all: ['plants'] as const };

export const plantListQuery = (query: Query) =>
  queryOptions({
    queryKey: [...plantKeys.all, 'list', query],
    queryFn: () => api.get<ListResponse<Plant>>('/plants', query),
    placeholderData: keepPreviousData,
  });

export const plantQuery = (id: number) =>
  queryOptions({
    queryKey: [...plantKeys.all, 'one', id],
    queryFn: () => api.get<{ data: Plant }>(`/plants/${id}`).then((r) => r.data),
    enabled: id > 0,
  });

export const businessUnitOptionsQuery = queryOptions({
  queryKey: ['business-units', 'options'],
  queryFn: () => api.get<{ data: BusinessUnitOption[] }>('/business-units/options').then((r) => r.data),
  staleTime: 60_000,
});

export const usePlants = (query: Query) => useQuery(plantListQuery(query));
export const usePlant = (id: number) => useQuery(plantQuery(id));
export const useBusinessUnitOptions = () => useQuery(businessUnitOptionsQuery);

/** Add (no id) or edit a plant; invalidates every plant query. */
export function useSavePlant(id?: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: PlantInput) =>
      (id ? api.put<{ data: Plant }>(`/plants/${id}`, body) : api.post<{ data: Plant }>('/plants', body)).then((r) => r.data),
    onSuccess: () => client.invalidateQueries({ queryKey: plantKeys.all }),
  });
}

export function useSetPlantStatus() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, status }: { id: number; status: Status }) => api.post<{ data: Plant }>(`/plants/${id}/status`, { status }),
    onSuccess: () => client.invalidateQueries({ queryKey: plantKeys.all }),
  });
}

export function useSavePlantSla(id: number, kind: 'sla' | 'contract') {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (text: string) => api.put<{ data: Plant }>(`/plants/${id}/sla/${kind}`, { text }),
    onSuccess: () => client.invalidateQueries({ queryKey: plantKeys.all }),
  });
}
