import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Plant, PlantInput } from '@freightdesk/shared/schemas/plant';
import { api } from '../../../lib/api.ts';
import { planUsageKey } from '../../../lib/api/plan-usage.ts';
import { plantKeys } from './plant-keys.ts';

/** `POST /api/plants` [add-plant]: 201, 409 on a taken code, 403 PLAN_LIMIT / NO_PLAN. */
export const createPlant = (body: PlantInput) => api.post<{ data: Plant }>('/plants', body).then((r) => r.data);

export function useCreatePlant() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: createPlant,
    onSuccess: () => client.invalidateQueries({ queryKey: plantKeys.all }),
    // A refusal (403 PLAN_LIMIT) also means the usage shown may be stale.
    onSettled: () => client.invalidateQueries({ queryKey: planUsageKey }),
  });
}
