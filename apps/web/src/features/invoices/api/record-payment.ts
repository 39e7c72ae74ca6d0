import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { InvoicePaymentInput } from '@freightdesk/shared/schemas/invoice';
import type { PaymentPreview } from '@freightdesk/shared/schemas/invoice-views';
import type { InvoiceAnswer } from '../../../domain/invoices/invoice-format.ts';
import { api } from '../../../lib/api.ts';
import { INVOICES_KEY } from './invoice-keys.ts';
import { takeInvoiceAnswer } from './review-invoice.ts';

/** `POST /api/invoices/:id/payments` [payment-summary]: a payment (full or part) of an approved invoice. */
export const recordPayment = (id: number, body: InvoicePaymentInput) =>
  api.post<{ data: InvoiceAnswer }>(`/invoices/${id}/payments`, body).then((r) => r.data);

export function useRecordPayment(id: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: InvoicePaymentInput) => recordPayment(id, body),
    onSuccess: (saved) => takeInvoiceAnswer(client, saved),
  });
}

/** `POST /api/invoices/:id/payments/preview` [payment-summary]: the TDS a payment of the amount on the day carries, and the net to the bank. */
export const getPaymentPreview = (id: number, amountRupees: number, paidOn: string) =>
  api.post<{ data: PaymentPreview }>(`/invoices/${id}/payments/preview`, { amountRupees, paidOn }).then((r) => r.data);

export const paymentPreviewQuery = (id: number, amountRupees: number, paidOn: string) =>
  queryOptions({
    queryKey: [...INVOICES_KEY, 'payment-preview', id, amountRupees, paidOn],
    queryFn: () => getPaymentPreview(id, amountRupees, paidOn),
    placeholderData: (previous) => previous,
    retry: false,
  });

/** Asked only while the amount and day are `valid`. */
export const usePaymentPreview = (id: number, amountRupees: number, paidOn: string, valid: boolean) =>
  useQuery({ ...paymentPreviewQuery(id, amountRupees, paidOn), enabled: valid });
