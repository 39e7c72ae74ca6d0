import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../api.ts';

export type GeoState = { id: number; name: string; code: string };
export type GeoCity = { id: number; name: string };

// The geography changes rarely (the admin's masters): an hour before asking again.
const GEO_STALE_MS = 60 * 60_000;

/** `GET /api/geo/states` [signed in]: India's states as the admin keeps them. */
export const getGeoStates = () => api.get<{ data: GeoState[] }>('/geo/states').then((r) => r.data);

export const geoStatesQueryOptions = () => queryOptions({ queryKey: ['geo', 'states'], queryFn: getGeoStates, staleTime: GEO_STALE_MS });

export const useGeoStates = () => useQuery(geoStatesQueryOptions());

/** `GET /api/geo/cities?stateId=` [signed in]: the cities listed for one state. */
export const getGeoCities = (stateId: number | undefined) => api.get<{ data: GeoCity[] }>('/geo/cities', { stateId }).then((r) => r.data);

export const geoCitiesQueryOptions = (stateId: number | undefined) =>
  queryOptions({
    queryKey: ['geo', 'cities', stateId],
    queryFn: () => getGeoCities(stateId),
    enabled: Boolean(stateId),
    staleTime: GEO_STALE_MS,
  });

export const useGeoCities = (stateId: number | undefined) => useQuery(geoCitiesQueryOptions(stateId));
