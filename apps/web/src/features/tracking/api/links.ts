import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TrackingLink } from '@freightdesk/shared/schemas/tracking-links';
import { api } from '../../../lib/api.ts';
import { type Dir, linksKey } from './tracking-keys.ts';

/** `GET /api/tracking/{dir}/orders/:id/links` [the direction's tracking]: the order's public links, newest first. */
export const getLinks = (dir: Dir, id: number) =>
  api.get<{ data: TrackingLink[] }>(`/tracking/${dir}/orders/${id}/links`).then((r) => r.data);

/** `POST /api/tracking/{dir}/orders/:id/links` [the direction's tracking]: a live link; the answer carries the token, once. */
export const createLink = (dir: Dir, id: number) =>
  api.post<{ data: TrackingLink }>(`/tracking/${dir}/orders/${id}/links`, { kind: 'live' }).then((r) => r.data);

/** `POST /api/tracking/{dir}/orders/:id/links/:linkId/revoke` [the direction's tracking]. */
export const revokeLink = (dir: Dir, id: number, linkId: number) =>
  api.post<{ data: TrackingLink }>(`/tracking/${dir}/orders/${id}/links/${linkId}/revoke`, {}).then((r) => r.data);

export function useLinks(dir: Dir, id: number) {
  return useQuery({ queryKey: linksKey(dir, id), queryFn: () => getLinks(dir, id) });
}

/** Creates a live link or revokes one; the list refetches. */
export function useLinkActions(dir: Dir, id: number) {
  const client = useQueryClient();
  const onSuccess = () => client.invalidateQueries({ queryKey: linksKey(dir, id) });
  const create = useMutation({ mutationFn: () => createLink(dir, id), onSuccess });
  const revoke = useMutation({ mutationFn: (linkId: number) => revokeLink(dir, id, linkId), onSuccess });
  return { create, revoke };
}
