import { useQuery } from '@tanstack/react-query';
import type { OrderSchedule } from '@freightdesk/shared/schemas/tracking';
import { api } from '../../../lib/api.ts';
import { type Dir, orderTrackKey } from './tracking-keys.ts';

/** `GET /api/tracking/{dir}/orders/:id/schedule` [the direction's tracking]: planned against actual (or ETA) at every stop. */
export const getSchedule = (dir: Dir, id: number) =>
  api.get<{ data: OrderSchedule }>(`/tracking/${dir}/orders/${id}/schedule`).then((r) => r.data);

export function useSchedule(dir: Dir, id: number) {
  return useQuery({
    queryKey: [...orderTrackKey(dir, id), 'schedule'],
    queryFn: () => getSchedule(dir, id),
    enabled: id > 0,
  });
}
