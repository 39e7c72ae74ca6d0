import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { ListResponse } from '@freightdesk/shared/schemas/common';
import type { TrackPlace } from '@freightdesk/shared/schemas/tracking';
import { api, type Query } from '../../../lib/api.ts';
import { type Dir, orderTrackKey } from './tracking-keys.ts';

/** `GET /api/tracking/{dir}/orders/:id/places` [the direction's tracking]: the positions with addresses, newest first, paginated. */
export const getTrackPlaces = (dir: Dir, id: number, query: Query) =>
  api.get<ListResponse<TrackPlace>>(`/tracking/${dir}/orders/${id}/places`, query);

export function useTrackPlaces(dir: Dir, id: number, query: Query) {
  return useQuery({
    queryKey: [...orderTrackKey(dir, id), 'places', query],
    queryFn: () => getTrackPlaces(dir, id, query),
    placeholderData: keepPreviousData,
  });
}
