import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import type { DriverTrip } from '@freightdesk/shared/schemas/driver-trip';
import { api } from '../../../lib/api.ts';
import { askKeeping, type Kept, keepAnswer } from '../../../lib/kept-answers.ts';

export type { DriverTrip } from '@freightdesk/shared/schemas/driver-trip';
export { TRIP_MOVES, type TripMove } from '@freightdesk/shared/status/trip';

/** A path under the trip's token (the API's `/api/trip/{token}/…`). */
export const tripPath = (token: string, rest = '') => `/trip/${encodeURIComponent(token)}${rest}`;

/** The last answer, kept on the phone so a reload without network still shows the trip. */
const keptKey = (token: string) => `trip:${token}`;

/** The trip from the server, or without network the copy kept at the last answer; a link that ended forgets it. */
export const fetchTrip = (token: string): Promise<DriverTrip & Kept> =>
  askKeeping(keptKey(token), () => api.getAnonymous<{ data: DriverTrip }>(tripPath(token)).then((r) => r.data));

export const tripKey = (token: string) => ['driver-trip', token];

/** The trip, asked even offline (the kept copy answers), refreshed every minute. */
export const tripQuery = (token: string) =>
  queryOptions({
    queryKey: tripKey(token),
    queryFn: () => fetchTrip(token),
    networkMode: 'always',
    retry: false,
    // Once nothing is left to do (delivered: the link has ended) the last answer stays.
    refetchInterval: (query) => (query.state.data?.nextMoves.length === 0 ? false : 60_000),
  });

export const useTrip = (token: string) => useQuery(tripQuery(token));

/** Puts the server's answer to a move in place of the trip. */
export function useSetTrip(token: string) {
  const client = useQueryClient();
  return useCallback(
    (trip: DriverTrip) => {
      void keepAnswer(keptKey(token), trip);
      client.setQueryData(tripKey(token), trip);
    },
    [client, token],
  );
}

/** Refetches the trip (a kept move landed). */
export function useRefreshTrip(token: string) {
  const client = useQueryClient();
  return useCallback(() => void client.invalidateQueries({ queryKey: tripKey(token) }), [client, token]);
}
