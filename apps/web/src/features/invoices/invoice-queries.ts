import { queryOptions } from '@tanstack/react-query';
import type { BooksSettings } from '@freightdesk/shared/schemas/column-sheet';
import type { ListResponse } from '@freightdesk/shared/schemas/common';
import type { InvoicePaymentInput, InvoiceReviewInput } from '@freightdesk/shared/schemas/invoice';
import type { Gstr3bLine, InvoiceRow, PaymentPreview, PaymentSummary } from '@freightdesk/shared/schemas/invoice-views';
import type { InvoiceAnswer } from '../../components/invoices/invoice-format.ts';
import { api, apiRequest, type Query } from '../../lib/api.ts';

/** Every invoice query of the shipper starts with this, so an `invoice` notification refetches them together. */
export const INVOICES_KEY = ['invoices'] as const;

/** `GET /api/invoices`: the shipper's invoices, a page at a time (status, number, carrier, plant, overdue). */
export const invoicesQuery = (query: Query) =>
  queryOptions({
    queryKey: [...INVOICES_KEY, 'list', query],
    queryFn: () => api.get<ListResponse<InvoiceRow>>('/invoices', query),
    placeholderData: (previous) => previous,
  });

/** `GET /api/invoices/summary`: billed, approved, disputed, paid, due, overdue and ageing per carrier. */
export const paymentSummaryQuery = (query: { plantId?: string }) =>
  queryOptions({
    queryKey: [...INVOICES_KEY, 'summary', query],
    queryFn: () => api.get<{ data: PaymentSummary }>('/invoices/summary', query).then((r) => r.data),
    placeholderData: (previous) => previous,
  });

/** `GET /api/invoices/gstr3b?month=YYYY-MM`: table 3.1(d) of GSTR-3B, the month's freight under reverse charge per plant GSTIN. */
export const gstr3bQuery = (month: string) =>
  queryOptions({
    queryKey: [...INVOICES_KEY, 'gstr3b', month],
    queryFn: () => api.get<{ data: { month: string; lines: Gstr3bLine[] } }>('/invoices/gstr3b', { month }).then((r) => r.data),
    placeholderData: (previous) => previous,
  });

/** `GET /api/invoices/:id`: one invoice with the audit per line, versions and payments. */
export const invoiceQuery = (id: number) =>
  queryOptions({
    queryKey: [...INVOICES_KEY, 'detail', id],
    queryFn: () => api.get<{ data: InvoiceAnswer }>(`/invoices/${id}`).then((r) => r.data),
    enabled: id > 0,
  });

/** `POST /api/invoices/:id/review`: line decisions, against the version on screen (If-Match). */
export const reviewInvoice = (id: number, body: InvoiceReviewInput, ifMatch: string) =>
  apiRequest<{ data: InvoiceAnswer }>('POST', `/invoices/${id}/review`, body, undefined, { ifMatch }).then((r) => r.data);

/** `POST /api/invoices/:id/approve-matching`: every pending line the audit found matching, approved at once. */
export const approveMatching = (id: number, ifMatch: string) =>
  apiRequest<{ data: InvoiceAnswer; approved: number }>('POST', `/invoices/${id}/approve-matching`, {}, undefined, { ifMatch });

/** `POST /api/invoices/:id/payments`: a payment (full or part) of an approved invoice. */
export const recordPayment = (id: number, body: InvoicePaymentInput) =>
  api.post<{ data: InvoiceAnswer }>(`/invoices/${id}/payments`, body).then((r) => r.data);

/** `POST /api/invoices/:id/payments/preview`: the TDS a payment of the amount on the day carries, and the net to the bank. */
export const paymentPreviewQuery = (id: number, amountRupees: number, paidOn: string) =>
  queryOptions({
    queryKey: [...INVOICES_KEY, 'payment-preview', id, amountRupees, paidOn],
    queryFn: () => api.post<{ data: PaymentPreview }>(`/invoices/${id}/payments/preview`, { amountRupees, paidOn }).then((r) => r.data),
    placeholderData: (previous) => previous,
    retry: false,
  });

/** The shipper's debit account and column templates (`GET /api/invoices/books-settings`). */
export const BOOKS_SETTINGS_KEY = [...INVOICES_KEY, 'books-settings'] as const;
export const booksSettingsQuery = () =>
  queryOptions({
    queryKey: BOOKS_SETTINGS_KEY,
    queryFn: () => api.get<{ data: BooksSettings }>('/invoices/books-settings').then((r) => r.data),
  });
