import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';
import { indentKeys } from './indent-keys.ts';

/** `POST /api/indents/:id/cancel` [add-indent or edit-indent]: `{ reason }`; orders already made stay. */
export const cancelIndent = (id: number, reason: string) => api.post(`/indents/${id}/cancel`, { reason });

/** The callbacks are the mutation's own, so they run even when the answer unmounts the caller. */
export function useCancelIndent(id: number, on: { cancelled: () => void; refused: (err: Error) => void }) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (reason: string) => cancelIndent(id, reason),
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: indentKeys.all });
      on.cancelled();
    },
    onError: (err) => on.refused(err),
  });
}
