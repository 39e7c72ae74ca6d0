import { useQuery } from '@tanstack/react-query';
import type { MapVehicle } from '@freightdesk/shared/schemas/tracking';
import type { MapTiles } from '../../../components/map/track-map.tsx';
import { api } from '../../../lib/api.ts';
import { MAP_KEY } from './tracking-keys.ts';

/** `GET /api/tracking/map` [either direction's tracking]: every active vehicle the viewer may see. */
export const getMapVehicles = () => api.get<{ data: MapVehicle[] }>('/tracking/map').then((r) => r.data);

export function useMapVehicles() {
  return useQuery({ queryKey: MAP_KEY, queryFn: getMapVehicles, refetchInterval: 60_000 });
}

/** `GET /api/config` [signed in]: the server's map tiles (MAP_TILE_URL). */
export const getMapTiles = () => api.get<{ data: MapTiles }>('/config').then((r) => r.data);

/** The server's map tiles, cached for the session as the other maps do. */
export function useMapTiles() {
  return useQuery({ queryKey: ['config'], queryFn: getMapTiles, staleTime: Number.POSITIVE_INFINITY }).data;
}
