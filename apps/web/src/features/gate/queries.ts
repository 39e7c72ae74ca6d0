import { queryOptions, type QueryClient } from '@tanstack/react-query';
import type { ListResponse } from '@freightdesk/shared/schemas/common';
import type { GateBoard, GateBoardQuery, GateOtherDayRow, GateOtherDaysQuery } from '@freightdesk/shared/schemas/execution';
import { api } from '../../lib/api.ts';
import type { Dir } from './gate-helpers.ts';

/** Every gate board query starts with this, so a socket event or a move refetches them together. */
export const GATE_BOARD_KEY = ['gate-board'] as const;

/** `GET /api/gate/{dir}`: one plant's day (default: the user's first plant, today in India). */
export const gateBoardQuery = (dir: Dir, query: GateBoardQuery) =>
  queryOptions({
    queryKey: [...GATE_BOARD_KEY, dir, query],
    queryFn: () => api.get<{ data: GateBoard }>(`/gate/${dir}`, query).then((r) => r.data),
    placeholderData: (previous) => previous,
    // The plant's room brings moves live; the poll covers a dropped connection and the clock.
    refetchInterval: 60_000,
  });

/**
 * `GET /api/gate/{dir}/other-days`: the plant's vehicles due after the board's day that match the
 * search, a page. Under the board's key: a move or a plant event refetches it with the board.
 */
export const gateOtherDaysQuery = (dir: Dir, query: GateOtherDaysQuery) =>
  queryOptions({
    queryKey: [...GATE_BOARD_KEY, dir, 'other-days', query],
    queryFn: () => api.get<ListResponse<GateOtherDayRow>>(`/gate/${dir}/other-days`, query),
    placeholderData: (previous) => previous,
  });

/** After a move (or a 409: someone else moved it), the board and every order list see it. */
export function refreshAfterMove(client: QueryClient) {
  void client.invalidateQueries({ queryKey: GATE_BOARD_KEY });
  void client.invalidateQueries({ predicate: (q) => /^(offline-)?orders\//.test(String(q.queryKey[0])) });
}
