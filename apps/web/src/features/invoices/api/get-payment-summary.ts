import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PaymentSummary } from '@freightdesk/shared/schemas/invoice-views';
import { api } from '../../../lib/api.ts';
import { INVOICES_KEY } from './invoice-keys.ts';

/** `GET /api/invoices/summary` [payment-summary]: billed, approved, disputed, paid, due, overdue and ageing per carrier. */
export const getPaymentSummary = (query: { plantId?: string }) =>
  api.get<{ data: PaymentSummary }>('/invoices/summary', query).then((r) => r.data);

export const paymentSummaryQuery = (query: { plantId?: string }) =>
  queryOptions({
    queryKey: [...INVOICES_KEY, 'summary', query],
    queryFn: () => getPaymentSummary(query),
    placeholderData: (previous) => previous,
  });

export const usePaymentSummary = (query: { plantId?: string }) => useQuery(paymentSummaryQuery(query));
