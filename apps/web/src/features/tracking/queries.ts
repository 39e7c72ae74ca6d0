import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ListResponse } from '@freightdesk/shared/schemas/common';
import type { OrderRail, OrderSim, OrderTolls } from '@freightdesk/shared/schemas/tracking-providers';
import type { BoardResponse, MapVehicle, OrderSchedule, OrderTrack, TrackPlace } from '@freightdesk/shared/schemas/tracking';
import type { TrackingLink } from '@freightdesk/shared/schemas/tracking-links';
import type { MapTiles } from '../../components/map/track-map.tsx';
import { api, type Query } from '../../lib/api.ts';

export type Dir = 'inbound' | 'outbound';
/** The socket's and the policy's number for a direction. */
export const DIRECTION: Record<Dir, 1 | 2> = { outbound: 1, inbound: 2 };

/** Every tracking query starts with this, so a socket event refetches what is on screen. */
export const TRACKING_KEY = ['tracking'] as const;
export const orderTrackKey = (dir: Dir, id: number) => [...TRACKING_KEY, dir, 'order', id];
export const boardKey = (dir: Dir) => [...TRACKING_KEY, dir, 'board'];
export const MAP_KEY = [...TRACKING_KEY, 'map'];

/** `GET /api/tracking/{dir}/orders/:id`: the live map's stops, trail, last position, ETA and halts. */
export const orderTrackQuery = (dir: Dir, id: number) =>
  queryOptions({
    queryKey: orderTrackKey(dir, id),
    queryFn: () => api.get<{ data: OrderTrack }>(`/tracking/${dir}/orders/${id}`).then((r) => r.data),
    // The order's room brings positions live; the poll covers a dropped connection and the ages.
    refetchInterval: 60_000,
  });

/** `GET /api/tracking/{dir}/orders/:id/places`: the positions with addresses, newest first, paginated. */
export function useTrackPlaces(dir: Dir, id: number, query: Query) {
  return useQuery({
    queryKey: [...orderTrackKey(dir, id), 'places', query],
    queryFn: () => api.get<ListResponse<TrackPlace>>(`/tracking/${dir}/orders/${id}/places`, query),
    placeholderData: keepPreviousData,
  });
}

/** `GET /api/tracking/{dir}/orders/:id/schedule`: planned against actual (or ETA) at every stop. */
export function useSchedule(dir: Dir, id: number) {
  return useQuery({
    queryKey: [...orderTrackKey(dir, id), 'schedule'],
    queryFn: () => api.get<{ data: OrderSchedule }>(`/tracking/${dir}/orders/${id}/schedule`).then((r) => r.data),
    enabled: id > 0,
  });
}

/** `GET /api/tracking/{dir}/board`: one tab's trips and every tab's count. */
export function useBoard(dir: Dir, query: Query) {
  return useQuery({
    queryKey: [...boardKey(dir), query],
    queryFn: () => api.get<BoardResponse>(`/tracking/${dir}/board`, query),
    placeholderData: keepPreviousData,
    refetchInterval: 60_000,
  });
}

/** `GET /api/tracking/map`: every active vehicle the viewer may see. */
export function useMapVehicles() {
  return useQuery({
    queryKey: MAP_KEY,
    queryFn: () => api.get<{ data: MapVehicle[] }>('/tracking/map').then((r) => r.data),
    refetchInterval: 60_000,
  });
}

/** The server's map tiles (MAP_TILE_URL), cached for the session as the other maps do. */
export function useMapTiles() {
  return useQuery({
    queryKey: ['config'],
    queryFn: () => api.get<{ data: MapTiles }>('/config').then((r) => r.data),
    staleTime: Number.POSITIVE_INFINITY,
  }).data;
}

const linksKey = (dir: Dir, id: number) => [...orderTrackKey(dir, id), 'links'];

/** `GET /api/tracking/{dir}/orders/:id/links`: the order's public links, newest first. */
export function useLinks(dir: Dir, id: number) {
  return useQuery({
    queryKey: linksKey(dir, id),
    queryFn: () => api.get<{ data: TrackingLink[] }>(`/tracking/${dir}/orders/${id}/links`).then((r) => r.data),
  });
}

/** Creates a live link (the answer carries the token, once) or revokes one; the list refetches. */
export function useLinkActions(dir: Dir, id: number) {
  const client = useQueryClient();
  const onSuccess = () => client.invalidateQueries({ queryKey: linksKey(dir, id) });
  const create = useMutation({
    mutationFn: () => api.post<{ data: TrackingLink }>(`/tracking/${dir}/orders/${id}/links`, { kind: 'live' }).then((r) => r.data),
    onSuccess,
  });
  const revoke = useMutation({
    mutationFn: (linkId: number) =>
      api.post<{ data: TrackingLink }>(`/tracking/${dir}/orders/${id}/links/${linkId}/revoke`, {}).then((r) => r.data),
    onSuccess,
  });
  return { create, revoke };
}

/** `GET /api/tracking/{dir}/orders/:id/tolls`: the trip's FASTag crossings. */
export function useTolls(dir: Dir, id: number) {
  return useQuery({
    queryKey: [...orderTrackKey(dir, id), 'tolls'],
    queryFn: () => api.get<{ data: OrderTolls }>(`/tracking/${dir}/orders/${id}/tolls`).then((r) => r.data),
    enabled: id > 0,
    refetchInterval: 60_000,
  });
}

/** `GET /api/tracking/{dir}/orders/:id/rail`: the rake's reports by FNR. */
export function useRail(dir: Dir, id: number) {
  return useQuery({
    queryKey: [...orderTrackKey(dir, id), 'rail'],
    queryFn: () => api.get<{ data: OrderRail }>(`/tracking/${dir}/orders/${id}/rail`).then((r) => r.data),
    enabled: id > 0,
    refetchInterval: 60_000,
  });
}

/** `GET /api/tracking/{dir}/orders/:id/sim`: the driver's SIM consent and ping cadence. */
export function useSim(dir: Dir, id: number) {
  return useQuery({
    queryKey: [...orderTrackKey(dir, id), 'sim'],
    queryFn: () => api.get<{ data: OrderSim }>(`/tracking/${dir}/orders/${id}/sim`).then((r) => r.data),
    enabled: id > 0,
    refetchInterval: 30_000,
  });
}
