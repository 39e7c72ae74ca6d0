import { queryOptions } from '@tanstack/react-query';
import type { ListResponse } from '@freightdesk/shared/schemas/common';
import type { InvoiceInput } from '@freightdesk/shared/schemas/invoice';
import type { CreditNoteInput } from '@freightdesk/shared/schemas/notes';
import type { BillableOrder, InvoiceRow, PaymentSummary } from '@freightdesk/shared/schemas/invoice-views';
import type { OptionsResponse } from '@freightdesk/shared/schemas/options';
import type { InvoiceAnswer } from '../../components/invoices/invoice-format.ts';
import { api, apiRequest, type Query } from '../../lib/api.ts';

/** Every invoice query of the carrier starts with this, so an `invoice` notification refetches them together. */
export const CARRIER_INVOICES_KEY = ['carrier-invoices'] as const;
/** Apart from the invoices: the picker of a form being filled is not refetched by notifications. */
export const BILLABLE_ORDERS_KEY = ['carrier-billable-orders'] as const;

/** `GET /api/carrier/invoices`: the carrier's invoices, a page at a time (status, number search, shipper). */
export const carrierInvoicesQuery = (query: Query) =>
  queryOptions({
    queryKey: [...CARRIER_INVOICES_KEY, 'list', query],
    queryFn: () => api.get<ListResponse<InvoiceRow>>('/carrier/invoices', query),
    placeholderData: (previous) => previous,
  });

/** `GET /api/carrier/invoices/summary`: billed, approved, disputed, paid, due and ageing per shipper. */
export const carrierInvoiceSummaryQuery = () =>
  queryOptions({
    queryKey: [...CARRIER_INVOICES_KEY, 'summary'],
    queryFn: () => api.get<{ data: PaymentSummary }>('/carrier/invoices/summary').then((r) => r.data),
  });

/** `GET /api/carrier/invoices/:id`: one invoice with the audit, the shipper's decisions, versions and payments. */
export const carrierInvoiceQuery = (id: number) =>
  queryOptions({
    queryKey: [...CARRIER_INVOICES_KEY, 'detail', id],
    queryFn: () => api.get<{ data: InvoiceAnswer }>(`/carrier/invoices/${id}`).then((r) => r.data),
    enabled: id > 0,
  });

/** `GET /api/carrier/invoices/billable-orders`: delivered orders of one shipper not billed yet, searched and paged. */
export const billableOrdersQuery = (query: { industryId: number; plantId?: number; search?: string; page: number; pageSize: number }) =>
  queryOptions({
    queryKey: [...BILLABLE_ORDERS_KEY, query],
    queryFn: () => api.get<ListResponse<BillableOrder>>('/carrier/invoices/billable-orders', query),
    placeholderData: (previous) => previous,
  });

/**
 * The shippers the carrier works with, searched on the server like every picker (`{ data: [{ id: industryId,
 * label: name, carrierLinkId }], more }`: `GET /api/carrier/shippers/options`, active links offered).
 */
export const SHIPPER_OPTIONS_PATH = '/carrier/shippers/options';
export const carrierShipperOptionsQuery = (query: { search?: string; ids?: string }) =>
  queryOptions({
    queryKey: ['carrier-shipper-options', query],
    queryFn: () => api.get<OptionsResponse>(SHIPPER_OPTIONS_PATH, query),
    placeholderData: (previous) => previous,
    staleTime: 60_000,
    retry: false,
  });

/** `POST /api/carrier/invoices`: the new invoice as the server priced and audited it. */
export const createInvoice = (body: InvoiceInput) => api.post<{ data: InvoiceAnswer }>('/carrier/invoices', body).then((r) => r.data);

/** `POST /api/carrier/invoices/:id/credit-notes`: the answer to a dispute (a credit note, or the reasons alone), against the version loaded. */
export const answerDispute = (id: number, body: CreditNoteInput, ifMatch: string) =>
  apiRequest<{ data: InvoiceAnswer }>('POST', `/carrier/invoices/${id}/credit-notes`, body, undefined, { ifMatch }).then((r) => r.data);
