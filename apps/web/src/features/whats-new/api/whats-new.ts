import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
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

/** `POST /whats-new/read-all`: marks every notice read (any signed-in user). */
export function useMarkWhatsNewRead() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => api.post('/whats-new/read-all'),
    onSuccess: () => client.invalidateQueries({ queryKey: ['whats-new-unread'] }),
  });
}
