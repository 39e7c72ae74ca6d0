import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Status } from '@freightdesk/shared/schemas/common';
import type { Plant } from '@freightdesk/shared/schemas/plant';
import { api } from '../../../lib/api.ts';
import { planUsageKey } from '../../../lib/api/plan-usage.ts';
import { plantKeys } from './plant-keys.ts';

type StatusChange = { id: number; status: Status; reason?: string };

/** `POST /api/plants/:id/status` [edit-plant]; re-activating beyond the plan is 403 PLAN_LIMIT. */
export const setPlantStatus = ({ id, ...body }: StatusChange) =>
  api.post<{ data: Plant }>(`/plants/${id}/status`, body).then((r) => r.data);

export function useSetPlantStatus() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: setPlantStatus,
    onSuccess: () => client.invalidateQueries({ queryKey: plantKeys.all }),
    // A refusal (403 PLAN_LIMIT) also means the usage shown may be stale.
    onSettled: () => client.invalidateQueries({ queryKey: planUsageKey }),
  });
}
