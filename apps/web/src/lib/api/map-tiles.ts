import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../api.ts';

/** Where a map's tiles come from: the server's MAP_TILE_URL and its attribution. */
export type MapTiles = { mapTileUrl: string; mapTileAttribution: string };

/** `GET /api/config` [signed in]: the server's map tiles (MAP_TILE_URL). */
export const getMapTiles = () => api.get<{ data: MapTiles }>('/config').then((r) => r.data);

/** Cached for the session: every map of the app reads the one answer. */
export const mapTilesQueryOptions = () => queryOptions({ queryKey: ['config'], queryFn: getMapTiles, staleTime: Number.POSITIVE_INFINITY });

/** The server's map tiles, once known (a map without them is blank but still works). */
export function useMapTiles(): MapTiles | undefined {
  return useQuery(mapTilesQueryOptions()).data;
}
