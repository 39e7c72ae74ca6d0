import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ListResponse } from '@freightdesk/shared/schemas/common';
import type { Notice } from '@freightdesk/shared/schemas/notice';
import { api } from '../../../lib/api.ts';

/** `GET /whats-new`: published notices (any signed-in user). */
export function getWhatsNew(): Promise<ListResponse<Notice>> {
  return api.get<ListResponse<Notice>>('/whats-new', { pageSize: 50 });
}

export function useWhatsNew() {
  return useQuery({ queryKey: ['whats-new'], queryFn: getWhatsNew });
}

/** Read by the header's indicator; marking all read invalidates it. */
export const WHATS_NEW_UNREAD_KEY = ['whats-new-unread'] as const;

/** `GET /whats-new/unread-count`: how many published notices the user has not read (any signed-in user). */
export const getWhatsNewUnread = () => api.get<{ data: { count: number } }>('/whats-new/unread-count').then((r) => r.data.count);

/** The unread count, asked for only when `allowed` (the user holds list-whats-new), every five minutes. */
export const whatsNewUnreadQueryOptions = (allowed: boolean) =>
  queryOptions({ queryKey: WHATS_NEW_UNREAD_KEY, queryFn: getWhatsNewUnread, enabled: allowed, refetchInterval: 5 * 60_000 });

export const useWhatsNewUnread = (allowed: boolean) => useQuery(whatsNewUnreadQueryOptions(allowed));

/** `POST /whats-new/read-all`: marks every notice read (any signed-in user). */
export function useMarkWhatsNewRead() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => api.post('/whats-new/read-all'),
    onSuccess: () => client.invalidateQueries({ queryKey: WHATS_NEW_UNREAD_KEY }),
  });
}
