import { queryOptions, useQuery } from '@tanstack/react-query';
import type { RequestHistoryEntry } from '@freightdesk/shared/schemas/request';
import { api } from '../../../lib/api.ts';
import type { Direction } from '../request-list.tsx';
import { requestKeys } from './request-keys.ts';

/** `GET /api/requests/:dir/:id/history` [detail-outbound-request | detail-inbound-request]: every change, bid and award. */
export const getRequestHistory = (dir: Direction, requestId: number) =>
  api.get<{ data: RequestHistoryEntry[] }>(`/requests/${dir}/${requestId}/history`).then((r) => r.data);

export const requestHistoryQueryOptions = (dir: Direction, requestId: number) =>
  queryOptions({ queryKey: requestKeys.history(dir, requestId), queryFn: () => getRequestHistory(dir, requestId) });

export const useRequestHistory = (dir: Direction, requestId: number) => useQuery(requestHistoryQueryOptions(dir, requestId));
