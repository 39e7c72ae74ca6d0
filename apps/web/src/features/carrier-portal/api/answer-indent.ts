import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CarrierIndent, IndentAnswer } from '@freightdesk/shared/schemas/indent';
import { ApiError, api } from '../../../lib/api.ts';
import { CARRIER_INDENTS_KEY } from './carrier-indents.ts';
import { CARRIER_ORDERS_KEY } from './carrier-orders.ts';

/** `POST /api/carrier/indents/:id/answer` (carrier users): accept some vehicles (one order each) or reject with a reason; 409 once the turn is over. */
export const answerIndent = (indentId: number, body: IndentAnswer) =>
  api.post<{ data: CarrierIndent }>(`/carrier/indents/${indentId}/answer`, body);

/**
 * Every answer refreshes the indents; an acceptance also the orders it made. A 409 (the turn ended
 * meanwhile) refreshes the indents too, so the list shows the turn as over.
 */
export function useAnswerIndent(indentId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: IndentAnswer) => answerIndent(indentId, body),
    onSuccess: (_answer, body) => {
      void client.invalidateQueries({ queryKey: CARRIER_INDENTS_KEY });
      if (body.answer !== 'reject') {
        void client.invalidateQueries({ queryKey: CARRIER_ORDERS_KEY });
      }
    },
    onError: (err) => {
      if (err instanceof ApiError && err.status === 409) {
        void client.invalidateQueries({ queryKey: CARRIER_INDENTS_KEY });
      }
    },
  });
}
