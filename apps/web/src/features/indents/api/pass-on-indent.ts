import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { IndentDetail } from '@freightdesk/shared/schemas/indent';
import { api } from '../../../lib/api.ts';
import { indentKeys } from './indent-keys.ts';

/** `POST /api/indents/:id/pass-on` [add-indent or edit-indent]: 409 INDENT_NOT_ASKING when nobody is being asked now. */
export const passOnIndent = (id: number) => api.post<{ data: IndentDetail }>(`/indents/${id}/pass-on`).then((r) => r.data);

/**
 * The callbacks are the mutation's own (not `mutate`'s), so they run even when the answer unmounts
 * the caller (the button goes once nobody is being asked).
 */
export function usePassOnIndent(id: number, on: { passed: (data: IndentDetail) => void; refused: (err: Error) => void }) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => passOnIndent(id),
    onSuccess: (data) => {
      client.setQueryData(indentKeys.one(id), data);
      void client.invalidateQueries({ queryKey: indentKeys.all });
      on.passed(data);
    },
    onError: (err) => {
      on.refused(err);
      // The carrier answered, or its time ran out, meanwhile: the page catches up.
      void client.invalidateQueries({ queryKey: indentKeys.one(id) });
    },
  });
}
