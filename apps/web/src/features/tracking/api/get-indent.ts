import { useQuery } from '@tanstack/react-query';
import type { IndentDetail } from '@freightdesk/shared/schemas/indent';
import { api } from '../../../lib/api.ts';

/** `GET /api/indents/:id` [list-indent]: the indent an order is tracked under (its number and direction). */
export const getIndent = (indentId: number) => api.get<{ data: IndentDetail }>(`/indents/${indentId}`).then((r) => r.data);

/** Same key as the indents feature's own read, so both share the cache. */
export function useIndent(indentId: number) {
  return useQuery({ queryKey: ['indents', 'one', indentId], queryFn: () => getIndent(indentId), enabled: indentId > 0 });
}
