import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { IndentDetail } from '@freightdesk/shared/schemas/indent';
import { api } from '../../../lib/api.ts';
import { indentKeys } from './indent-keys.ts';

/** `PUT /api/indents/:id/backups` [detail-indent]: the backup carriers still waiting, in the order they are asked. */
export const updateIndentBackups = (id: number, backupCarrierLinkIds: number[]) =>
  api.put<{ data: IndentDetail }>(`/indents/${id}/backups`, { backupCarrierLinkIds });

/** The callbacks are the mutation's own, so they run even when the answer unmounts the caller. */
export function useUpdateIndentBackups(id: number, on: { saved: () => void; refused: (err: Error) => void }) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (backupCarrierLinkIds: number[]) => updateIndentBackups(id, backupCarrierLinkIds),
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: indentKeys.all });
      on.saved();
    },
    onError: (err) => on.refused(err),
  });
}
