import { queryOptions, useQuery } from '@tanstack/react-query';
import type { IndentDetail } from '@freightdesk/shared/schemas/indent';
import { api } from '../../../lib/api.ts';
import { indentKeys } from './indent-keys.ts';

/** A backstop for a viewer the indent's notifications do not reach (another plant's staff …). */
const OPEN_POLL_MS = 60_000;

/** `GET /api/indents/:id` [list-indent or detail-indent]; another shipper's indent is a 404. */
export const getIndent = (id: number) => api.get<{ data: IndentDetail }>(`/indents/${id}`).then((r) => r.data);

/** The indent, asked again every minute while it is open. */
export const indentQueryOptions = (id: number) =>
  queryOptions({
    queryKey: indentKeys.one(id),
    queryFn: () => getIndent(id),
    enabled: id > 0,
    refetchInterval: (q) => (q.state.data?.status === 'open' ? OPEN_POLL_MS : false),
  });

/** The query alone; `useIndent` (../use-indent.ts) adds the refetches of reconnection and deadlines. */
export const useIndentQuery = (id: number) => useQuery(indentQueryOptions(id));
