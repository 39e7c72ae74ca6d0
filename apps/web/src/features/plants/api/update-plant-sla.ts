import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Plant } from '@freightdesk/shared/schemas/plant';
import { api } from '../../../lib/api.ts';
import { plantKeys } from './plant-keys.ts';

export type SlaKind = 'sla' | 'contract';

/** `PUT /api/plants/:id/sla/sla|contract` [list-terms-conditions]: `{ text }`. */
export const updatePlantSla = (id: number, kind: SlaKind, text: string, ifMatch?: string) =>
  api.put<{ data: Plant }>(`/plants/${id}/sla/${kind}`, { text }, { ifMatch }).then((r) => r.data);

export function useUpdatePlantSla(id: number, kind: SlaKind) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ text, ifMatch }: { text: string; ifMatch?: string }) => updatePlantSla(id, kind, text, ifMatch),
    onSuccess: () => client.invalidateQueries({ queryKey: plantKeys.all }),
  });
}
