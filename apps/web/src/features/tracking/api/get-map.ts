import { useQuery } from '@tanstack/react-query';
import type { MapVehicle } from '@freightdesk/shared/schemas/tracking';
import { api } from '../../../lib/api.ts';
import { MAP_KEY } from './tracking-keys.ts';

/** `GET /api/tracking/map` [either direction's tracking]: every active vehicle the viewer may see. */
export const getMapVehicles = () => api.get<{ data: MapVehicle[] }>('/tracking/map').then((r) => r.data);

export function useMapVehicles() {
  return useQuery({ queryKey: MAP_KEY, queryFn: getMapVehicles, refetchInterval: 60_000 });
}

// The map tiles are the app's (lib/api/map-tiles.ts): every map reads the one cached answer.
export { getMapTiles, useMapTiles } from '../../../lib/api/map-tiles.ts';
