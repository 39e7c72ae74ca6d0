import { queryOptions, useQuery } from '@tanstack/react-query';
import type { InvoiceAnswer } from '../../../domain/invoices/invoice-format.ts';
import { api } from '../../../lib/api.ts';
import { INVOICES_KEY } from './invoice-keys.ts';

/** `GET /api/invoices/:id` [payment-summary]: one invoice with the audit per line, versions and payments. */
export const getInvoice = (id: number) => api.get<{ data: InvoiceAnswer }>(`/invoices/${id}`).then((r) => r.data);

export const invoiceQuery = (id: number) =>
  queryOptions({
    queryKey: [...INVOICES_KEY, 'detail', id],
    queryFn: () => getInvoice(id),
    enabled: id > 0,
  });

export const useInvoice = (id: number) => useQuery(invoiceQuery(id));
