import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { ListResponse } from '@freightdesk/shared/schemas/common';
import type { OutboxMail } from '@freightdesk/shared/schemas/outbox';
import { api, type Query } from '../../../lib/api.ts';

export type { OutboxMail };

/** `GET /api/admin/outbox` (admin): newest first; `search` looks in the recipient and the subject. */
export const getOutbox = (query: Query) => api.get<ListResponse<OutboxMail>>('/admin/outbox', query);

export const outboxQueryOptions = (query: Query) =>
  queryOptions({ queryKey: ['admin', 'outbox', query], queryFn: () => getOutbox(query), placeholderData: keepPreviousData });

export const useOutbox = (query: Query) => useQuery(outboxQueryOptions(query));
