import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { RfqDetail } from '@freightdesk/shared/schemas/rfq';
import { api } from '../../../lib/api.ts';
import type { rfqBody } from '../rfq-form-values.ts';
import { rfqKeys } from './rfq-keys.ts';

export type RfqBody = ReturnType<typeof rfqBody>;

/** `POST /api/rfqs` [add-rfp]: a new RFQ, saved as a draft. */
export const createRfq = (body: RfqBody) => api.post<{ data: RfqDetail }>('/rfqs', body).then((r) => r.data);

/** `PUT /api/rfqs/:id` [add-rfp]: a draft RFQ changed. */
export const updateRfq = (id: number, body: RfqBody) => api.put<{ data: RfqDetail }>(`/rfqs/${id}`, body).then((r) => r.data);

/** Creates (no `id`) or updates a draft RFQ. */
export function useSaveRfq() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id?: number; body: RfqBody }) => (id === undefined ? createRfq(body) : updateRfq(id, body)),
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: rfqKeys.all });
    },
  });
}
