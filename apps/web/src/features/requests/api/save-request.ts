import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { RequestInput, TransportRequest } from '@freightdesk/shared/schemas/request';
import { api } from '../../../lib/api.ts';
import type { Direction } from '../request-list.tsx';
import { requestKeys } from './request-keys.ts';

/** What the form sends: its values, draft or published, and the spot indent it was filled from. */
export type RequestBody = RequestInput & { publish: boolean };

/** `POST /api/requests/:dir` [add-<dir>-request]: a new request, draft or published. */
export const createRequest = (dir: Direction, body: RequestBody) =>
  api.post<{ data: TransportRequest }>(`/requests/${dir}`, body).then((r) => r.data);

/** `PUT /api/requests/:dir/:id` [edit-<dir>-request]: 409 STALE when the request changed since `ifMatch`. */
export const updateRequest = (dir: Direction, id: number, body: RequestBody, ifMatch?: string) =>
  api.put<{ data: TransportRequest }>(`/requests/${dir}/${id}`, body, { ifMatch }).then((r) => r.data);

/** Creates (no `id`) or updates a request; a request from a spot indent refreshes the indents too. */
export function useSaveRequest(dir: Direction) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body, ifMatch }: { id?: number; body: RequestBody; ifMatch?: string }) =>
      id === undefined ? createRequest(dir, body) : updateRequest(dir, id, body, ifMatch),
    onSuccess: (_, { body }) => {
      void client.invalidateQueries({ queryKey: requestKeys.all(dir) });
      if (body.spotIndentId) {
        void client.invalidateQueries({ queryKey: ['indents'] });
      }
    },
  });
}

/** `POST /api/requests/:dir/batch` [add-<dir>-request]: several requests published in one call. */
export const publishRequestBatch = (dir: Direction, requests: RequestInput[]) =>
  api
    .post<{ data: TransportRequest[] }>(`/requests/${dir}/batch`, { requests: requests.map((v) => ({ ...v, publish: true })) })
    .then((r) => r.data);

export function usePublishRequestBatch(dir: Direction) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (requests: RequestInput[]) => publishRequestBatch(dir, requests),
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: requestKeys.all(dir) });
    },
  });
}
