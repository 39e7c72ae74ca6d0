import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { BoardResponse } from '@freightdesk/shared/schemas/tracking';
import { api, type Query } from '../../../lib/api.ts';
import { boardKey, type Dir } from './tracking-keys.ts';

/** `GET /api/tracking/{dir}/board` [the direction's tracking]: one tab's trips and every tab's count. */
export const getBoard = (dir: Dir, query: Query) => api.get<BoardResponse>(`/tracking/${dir}/board`, query);

export function useBoard(dir: Dir, query: Query) {
  return useQuery({
    queryKey: [...boardKey(dir), query],
    queryFn: () => getBoard(dir, query),
    placeholderData: keepPreviousData,
    refetchInterval: 60_000,
  });
}
