import { type QueryClient, useMutation, useQueryClient } from '@tanstack/react-query';
import type { InvoiceReviewInput } from '@freightdesk/shared/schemas/invoice';
import type { InvoiceAnswer } from '../../../domain/invoices/invoice-format.ts';
import { apiRequest } from '../../../lib/api.ts';
import { invoiceQuery } from './get-invoice.ts';
import { INVOICES_KEY } from './invoice-keys.ts';

/** `POST /api/invoices/:id/review` [payment-summary]: line decisions, against the version on screen (If-Match). */
export const reviewInvoice = (id: number, body: InvoiceReviewInput, ifMatch: string) =>
  apiRequest<{ data: InvoiceAnswer }>('POST', `/invoices/${id}/review`, body, undefined, { ifMatch }).then((r) => r.data);

/** `POST /api/invoices/:id/approve-matching` [payment-summary]: every pending line the audit found matching, approved at once. */
export const approveMatching = (id: number, ifMatch: string) =>
  apiRequest<{ data: InvoiceAnswer; approved: number }>('POST', `/invoices/${id}/approve-matching`, {}, undefined, { ifMatch });

/** The invoice as the server answered it goes on screen at once; every invoice query is refetched. */
export const takeInvoiceAnswer = (client: QueryClient, saved: InvoiceAnswer) => {
  client.setQueryData(invoiceQuery(saved.id).queryKey, saved);
  void client.invalidateQueries({ queryKey: INVOICES_KEY });
};

type ReviewBody = InvoiceReviewInput;

/**
 * Saves the decisions against `ifMatch`; `sent` (the choices on screen) rides along for the caller's
 * answer. The callbacks are the mutation's own: a save that ends the review unmounts the caller.
 */
export function useReviewInvoice<Sent>(
  id: number,
  ifMatch: string,
  on: { saved: (saved: InvoiceAnswer, sent: Sent) => void; refused: (err: Error, body: ReviewBody) => void },
) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ body }: { body: ReviewBody; sent: Sent }) => reviewInvoice(id, body, ifMatch),
    onSuccess: (saved, { sent }) => {
      takeInvoiceAnswer(client, saved);
      on.saved(saved, sent);
    },
    onError: (err, { body }) => on.refused(err, body),
  });
}

/** Approves every matching line against `ifMatch`; the variables are the choices on screen, for the caller's answer. */
export function useApproveMatching<Sent>(
  id: number,
  ifMatch: string,
  on: { approved: (r: { data: InvoiceAnswer; approved: number }, sent: Sent) => void; refused: (err: Error) => void },
) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (_sent: Sent) => approveMatching(id, ifMatch),
    onSuccess: (r, sent) => {
      takeInvoiceAnswer(client, r.data);
      on.approved(r, sent);
    },
    onError: (err) => on.refused(err),
  });
}
