import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';
import type { awardBody } from '../award-shares.ts';
import { contractKeys, rfqKeys } from './rfq-keys.ts';

export type RfqAwardBody = ReturnType<typeof awardBody>;

/** `POST /api/rfqs/:id/award` [add-rfp]: the lanes' shares per carrier; makes one contract per carrier. */
export const awardRfq = (rfqId: number, body: RfqAwardBody) => api.post(`/rfqs/${rfqId}/award`, body);

/** `onSuccess` runs before the RFQs and contracts are refreshed. */
export function useAwardRfq(rfqId: number, callbacks: { onSuccess: () => void; onError: (err: Error) => void }) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: RfqAwardBody) => awardRfq(rfqId, body),
    onSuccess: () => {
      callbacks.onSuccess();
      void client.invalidateQueries({ queryKey: rfqKeys.all });
      void client.invalidateQueries({ queryKey: contractKeys.all });
    },
    onError: callbacks.onError,
  });
}
