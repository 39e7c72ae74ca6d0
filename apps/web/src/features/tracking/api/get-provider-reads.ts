import { useQuery } from '@tanstack/react-query';
import type { OrderRail, OrderSim, OrderTolls } from '@freightdesk/shared/schemas/tracking-providers';
import { api } from '../../../lib/api.ts';
import { type Dir, orderTrackKey } from './tracking-keys.ts';

/** `GET /api/tracking/{dir}/orders/:id/tolls` [the direction's tracking]: the trip's FASTag crossings. */
export const getTolls = (dir: Dir, id: number) => api.get<{ data: OrderTolls }>(`/tracking/${dir}/orders/${id}/tolls`).then((r) => r.data);

/** `GET /api/tracking/{dir}/orders/:id/rail` [the direction's tracking]: the rake's reports by FNR. */
export const getRail = (dir: Dir, id: number) => api.get<{ data: OrderRail }>(`/tracking/${dir}/orders/${id}/rail`).then((r) => r.data);

/** `GET /api/tracking/{dir}/orders/:id/sim` [the direction's tracking]: the driver's SIM consent and ping cadence. */
export const getSim = (dir: Dir, id: number) => api.get<{ data: OrderSim }>(`/tracking/${dir}/orders/${id}/sim`).then((r) => r.data);

export function useTolls(dir: Dir, id: number) {
  return useQuery({
    queryKey: [...orderTrackKey(dir, id), 'tolls'],
    queryFn: () => getTolls(dir, id),
    enabled: id > 0,
    refetchInterval: 60_000,
  });
}

export function useRail(dir: Dir, id: number) {
  return useQuery({
    queryKey: [...orderTrackKey(dir, id), 'rail'],
    queryFn: () => getRail(dir, id),
    enabled: id > 0,
    refetchInterval: 60_000,
  });
}

export function useSim(dir: Dir, id: number) {
  return useQuery({
    queryKey: [...orderTrackKey(dir, id), 'sim'],
    queryFn: () => getSim(dir, id),
    enabled: id > 0,
    refetchInterval: 30_000,
  });
}
