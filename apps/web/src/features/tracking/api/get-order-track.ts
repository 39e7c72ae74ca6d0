import { queryOptions, useQuery } from '@tanstack/react-query';
import type { OrderTrack } from '@freightdesk/shared/schemas/tracking';
import { api } from '../../../lib/api.ts';
import { type Dir, orderTrackKey } from './tracking-keys.ts';

/** `GET /api/tracking/{dir}/orders/:id` [the direction's tracking]: the live map's stops, trail, last position, ETA and halts. */
export const getOrderTrack = (dir: Dir, id: number) => api.get<{ data: OrderTrack }>(`/tracking/${dir}/orders/${id}`).then((r) => r.data);

export const orderTrackQuery = (dir: Dir, id: number) =>
  queryOptions({
    queryKey: orderTrackKey(dir, id),
    queryFn: () => getOrderTrack(dir, id),
    // The order's room brings positions live; the poll covers a dropped connection and the ages.
    refetchInterval: 60_000,
  });

/** The order's track, asked only for a real order id. */
export const useOrderTrack = (dir: Dir, id: number) => useQuery({ ...orderTrackQuery(dir, id), enabled: id > 0 });
