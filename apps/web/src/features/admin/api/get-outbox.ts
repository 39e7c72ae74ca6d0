import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { ListResponse } from '@freightdesk/shared/schemas/common';
import { api, type Query } from '../../../lib/api.ts';

/** A row of the outbox. The API declares no shared schema for it yet, hence the local type. */
export type OutboxMail = {
  id: number;
  to: string;
  subject: string;
  text: string;
  transport: 'smtp' | 'outbox';
  createdAt: string;
  sentAt: string | null;
  error: string | null;
};

/** `GET /api/admin/outbox` (admin): newest first, page and pageSize only. */
export const getOutbox = (query: Query) => api.get<ListResponse<OutboxMail>>('/admin/outbox', query);

export const outboxQueryOptions = (query: Query) =>
  queryOptions({ queryKey: ['admin', 'outbox', query], queryFn: () => getOutbox(query), placeholderData: keepPreviousData });

export const useOutbox = (query: Query) => useQuery(outboxQueryOptions(query));
