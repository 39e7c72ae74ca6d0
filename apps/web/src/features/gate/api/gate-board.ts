import { queryOptions, type QueryClient, useQuery } from '@tanstack/react-query';
import type { ListResponse } from '@freightdesk/shared/schemas/common';
import type { GateBoard, GateBoardQuery, GateOtherDayRow, GateOtherDaysQuery } from '@freightdesk/shared/schemas/gate-board';
import { api } from '../../../lib/api.ts';
import type { Dir } from '../gate-helpers.ts';

/** Every gate board query starts with this, so a socket event or a move refetches them together. */
export const GATE_BOARD_KEY = ['gate-board'] as const;

/** `GET /api/gate/{dir}` [gate-in-out]: one plant's day (default: the user's first plant, today in India). */
export const getGateBoard = (dir: Dir, query: GateBoardQuery) => api.get<{ data: GateBoard }>(`/gate/${dir}`, query).then((r) => r.data);

/**
 * While another day, state or search loads, the board keeps what it shows; while another plant
 * loads, it shows none: a guard must never take the previous plant's vehicles for this one's.
 */
function samePlantBoard(previous: GateBoard | undefined, query: GateBoardQuery): GateBoard | undefined {
  return previous && (query.plantId === undefined || previous.plant.id === query.plantId) ? previous : undefined;
}

export const gateBoardQuery = (dir: Dir, query: GateBoardQuery) =>
  queryOptions({
    queryKey: [...GATE_BOARD_KEY, dir, query],
    queryFn: () => getGateBoard(dir, query),
    placeholderData: (previous) => samePlantBoard(previous, query),
    // The plant's room brings moves live; the poll covers a dropped connection and the clock.
    refetchInterval: 60_000,
  });

export const useGateBoard = (dir: Dir, query: GateBoardQuery) => useQuery(gateBoardQuery(dir, query));

/**
 * `GET /api/gate/{dir}/other-days` [gate-in-out]: the plant's vehicles due after the board's day that match the
 * search, a page. Under the board's key: a move or a plant event refetches it with the board.
 */
export const getGateOtherDays = (dir: Dir, query: GateOtherDaysQuery) =>
  api.get<ListResponse<GateOtherDayRow>>(`/gate/${dir}/other-days`, query);

export const gateOtherDaysQuery = (dir: Dir, query: GateOtherDaysQuery) =>
  queryOptions({
    queryKey: [...GATE_BOARD_KEY, dir, 'other-days', query],
    queryFn: () => getGateOtherDays(dir, query),
    placeholderData: (previous) => previous,
  });

export const useGateOtherDays = (dir: Dir, query: GateOtherDaysQuery) => useQuery(gateOtherDaysQuery(dir, query));

/** After a move (or a 409: someone else moved it), the board and every order list see it. */
export function refreshAfterMove(client: QueryClient) {
  void client.invalidateQueries({ queryKey: GATE_BOARD_KEY });
  void client.invalidateQueries({ predicate: (q) => /^(offline-)?orders\//.test(String(q.queryKey[0])) });
}
