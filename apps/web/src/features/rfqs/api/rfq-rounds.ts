import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { RfqRoundInput } from '@freightdesk/shared/schemas/rfq';
import { api } from '../../../lib/api.ts';
import { rfqKeys } from './rfq-keys.ts';

type Callbacks = { onSuccess: () => void; onError: (err: Error) => void };

/** `POST /api/rfqs/:id/rounds` [add-rfp]: opens the next round (round 1 sends the RFQ to the carriers). */
export const openRfqRound = (rfqId: number, body: RfqRoundInput) => api.post(`/rfqs/${rfqId}/rounds`, body);

/** `onSuccess` runs before the RFQ's queries are refreshed. */
export function useOpenRfqRound(rfqId: number, callbacks: Callbacks) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: RfqRoundInput) => openRfqRound(rfqId, body),
    onSuccess: () => {
      callbacks.onSuccess();
      void client.invalidateQueries({ queryKey: rfqKeys.all });
    },
    onError: callbacks.onError,
  });
}

/** `POST /api/rfqs/:id/rounds/close` [add-rfp]: closes the open round's quotes now. */
export const closeRfqRound = (rfqId: number) => api.post(`/rfqs/${rfqId}/rounds/close`);

/** `onSuccess` runs before the RFQ's queries are refreshed. */
export function useCloseRfqRound(rfqId: number, callbacks: Callbacks) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => closeRfqRound(rfqId),
    onSuccess: () => {
      callbacks.onSuccess();
      void client.invalidateQueries({ queryKey: rfqKeys.all });
    },
    onError: callbacks.onError,
  });
}
