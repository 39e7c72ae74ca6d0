import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Payment } from '@freightdesk/shared/schemas/plan';
import { api } from '../../../lib/api.ts';

export const ADMIN_PAYMENTS_KEY = ['admin-payments'] as const;

type Handlers = { onSuccess: () => void; onError: (err: Error) => void };

/** `GET /api/admin/payments` [admin]: every plan payment, waiting ones to confirm or cancel. */
export const getAdminPayments = () => api.get<{ data: Payment[] }>('/admin/payments').then((r) => r.data);

export const adminPaymentsQueryOptions = () => queryOptions({ queryKey: ADMIN_PAYMENTS_KEY, queryFn: getAdminPayments });

export const useAdminPayments = () => useQuery(adminPaymentsQueryOptions());

/** `POST /api/admin/payments/:id/cancel` [admin]: cancels a payment that waits; the caller toasts. */
export const cancelAdminPayment = (id: number) => api.post(`/admin/payments/${id}/cancel`, {});

export function useCancelAdminPayment(handlers: Handlers) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: cancelAdminPayment,
    onSuccess: () => {
      handlers.onSuccess();
      void client.invalidateQueries({ queryKey: ADMIN_PAYMENTS_KEY });
    },
    onError: handlers.onError,
  });
}

export type PaymentConfirmation = { providerRef: string; amountRupees: number | null };

/**
 * `POST /api/admin/payments/:id/confirm` [admin]: the bank's UTR and the amount received; activates
 * the plan and issues its tax invoice. 400 names `providerRef` or `amountRupees`.
 */
export const confirmAdminPayment = (id: number, body: PaymentConfirmation) => api.post(`/admin/payments/${id}/confirm`, body);

export function useConfirmAdminPayment(body: PaymentConfirmation, handlers: Handlers) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => confirmAdminPayment(id, body),
    onSuccess: () => {
      handlers.onSuccess();
      void client.invalidateQueries({ queryKey: ADMIN_PAYMENTS_KEY });
    },
    onError: handlers.onError,
  });
}
