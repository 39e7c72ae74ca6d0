import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';
import type { Direction } from '../request-list.tsx';
import { requestKeys } from './request-keys.ts';

export type RequestAction = 'cancel' | 'publish';

/** `POST /api/requests/:dir/:id/cancel|publish` [edit-<dir>-request]: cancels a request, or publishes a draft. */
export const changeRequestStatus = (dir: Direction, id: number, action: RequestAction) => api.post(`/requests/${dir}/${id}/${action}`);

export function useChangeRequestStatus(dir: Direction, id: number, onError: (err: Error) => void) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (action: RequestAction) => changeRequestStatus(dir, id, action),
    onSuccess: () => client.invalidateQueries({ queryKey: requestKeys.all(dir) }),
    onError,
  });
}
