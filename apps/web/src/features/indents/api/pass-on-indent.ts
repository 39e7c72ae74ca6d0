import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { IndentDetail } from '@freightdesk/shared/schemas/indent';
import { api } from '../../../lib/api.ts';
import { indentKeys } from './indent-keys.ts';

/** `POST /api/indents/:id/pass-on` [add-indent or edit-indent]: 409 INDENT_NOT_ASKING when nobody is being asked now. */
export const passOnIndent = (id: number) => api.post<{ data: IndentDetail }>(`/indents/${id}/pass-on`).then((r) => r.data);

export function usePassOnIndent(id: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => passOnIndent(id),
    onSuccess: (data) => {
      client.setQueryData(indentKeys.one(id), data);
      void client.invalidateQueries({ queryKey: indentKeys.all });
    },
    // The carrier answered, or its time ran out, meanwhile: the page catches up.
    onError: () => void client.invalidateQueries({ queryKey: indentKeys.one(id) }),
  });
}
