import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Plant, PlantInput } from '@freightdesk/shared/schemas/plant';
import { api } from '../../../lib/api.ts';
import { plantKeys } from './plant-keys.ts';

/** `PUT /api/plants/:id` [edit-plant]: 409 on a taken code, 409 STALE when the plant changed since `ifMatch`. */
export const updatePlant = (id: number, body: PlantInput, ifMatch?: string) =>
  api.put<{ data: Plant }>(`/plants/${id}`, body, { ifMatch }).then((r) => r.data);

export function useUpdatePlant(id: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ body, ifMatch }: { body: PlantInput; ifMatch?: string }) => updatePlant(id, body, ifMatch),
    onSuccess: () => client.invalidateQueries({ queryKey: plantKeys.all }),
  });
}
