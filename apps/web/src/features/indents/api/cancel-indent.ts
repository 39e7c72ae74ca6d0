import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';
import { indentKeys } from './indent-keys.ts';

/** `POST /api/indents/:id/cancel` [add-indent or edit-indent]: `{ reason }`; orders already made stay. */
export const cancelIndent = (id: number, reason: string) => api.post(`/indents/${id}/cancel`, { reason });

export function useCancelIndent(id: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (reason: string) => cancelIndent(id, reason),
    onSuccess: () => void client.invalidateQueries({ queryKey: indentKeys.all }),
  });
}
