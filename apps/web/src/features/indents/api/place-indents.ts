import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { IndentSummary } from '@freightdesk/shared/schemas/indent';
import { api } from '../../../lib/api.ts';
import type { indentBody } from '../indent-form-values.ts';
import { indentKeys } from './indent-keys.ts';

type IndentBatchBody = ReturnType<typeof indentBody>;

/** `POST /api/indents` [add-indent]: one indent or a batch; field errors are keyed `indents.<n>.<field>`. */
export const placeIndents = (body: IndentBatchBody) => api.post<{ data: IndentSummary[] }>('/indents', body).then((r) => r.data);

export function usePlaceIndents() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: placeIndents,
    onSuccess: () => void client.invalidateQueries({ queryKey: indentKeys.all }),
  });
}
