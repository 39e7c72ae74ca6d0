import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Plant, PlantInput } from '@freightdesk/shared/schemas/plant';
import { api } from '../../../lib/api.ts';
import { plantKeys } from './plant-keys.ts';

/** `PUT /api/plants/:id` [edit-plant]: 409 on a taken code. */
export const updatePlant = (id: number, body: PlantInput) => api.put<{ data: Plant }>(`/plants/${id}`, body).then((r) => r.data);

export function useUpdatePlant(id: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: PlantInput) => updatePlant(id, body),
    onSuccess: () => client.invalidateQueries({ queryKey: plantKeys.all }),
  });
}
