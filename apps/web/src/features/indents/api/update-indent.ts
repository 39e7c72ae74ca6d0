import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { IndentDetail, IndentEdit } from '@freightdesk/shared/schemas/indent';
import { api } from '../../../lib/api.ts';
import { indentKeys } from './indent-keys.ts';

type IndentChange = { values: IndentEdit; single: boolean; ifMatch?: string };

/**
 * `PUT /api/indents/:id` [edit-indent]: `single` false also moves the batch's other open indents;
 * 409 STALE when the indent changed since `ifMatch`.
 */
export const updateIndent = (id: number, { values, single, ifMatch }: IndentChange) =>
  api.put<{ data: IndentDetail }>(`/indents/${id}`, { ...values, single }, { ifMatch }).then((r) => r.data);

export function useUpdateIndent(id: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (change: IndentChange) => updateIndent(id, change),
    onSuccess: () => void client.invalidateQueries({ queryKey: indentKeys.all }),
  });
}
