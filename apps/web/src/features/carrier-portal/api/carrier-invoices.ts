import { keepPreviousData, queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ListResponse } from '@freightdesk/shared/schemas/common';
import type { InvoiceInput, InvoicePreview } from '@freightdesk/shared/schemas/invoice';
import type { CreditNoteInput } from '@freightdesk/shared/schemas/notes';
import type { BillableOrder, InvoiceRow, PaymentSummary } from '@freightdesk/shared/schemas/invoice-views';
import type { OptionsResponse } from '@freightdesk/shared/schemas/options-rows';
import type { InvoiceAnswer } from '../../../domain/invoices/invoice-format.ts';
import { api, apiRequest, type Query } from '../../../lib/api.ts';

/** Every invoice query of the carrier starts with this, so an `invoice` notification refetches them together. */
export const CARRIER_INVOICES_KEY = ['carrier-invoices'] as const;
/** Apart from the invoices: the picker of a form being filled is not refetched by notifications. */
export const BILLABLE_ORDERS_KEY = ['carrier-billable-orders'] as const;

/** `GET /api/carrier/invoices` (carrier users): the carrier's invoices, a page at a time (status, number search, shipper). */
export const getCarrierInvoices = (query: Query) => api.get<ListResponse<InvoiceRow>>('/carrier/invoices', query);

export const carrierInvoicesQuery = (query: Query) =>
  queryOptions({
    queryKey: [...CARRIER_INVOICES_KEY, 'list', query],
    queryFn: () => getCarrierInvoices(query),
    placeholderData: (previous) => previous,
  });

export const useCarrierInvoices = (query: Query) => useQuery(carrierInvoicesQuery(query));

/** `GET /api/carrier/invoices/summary` (carrier users): billed, approved, disputed, paid, due and ageing per shipper. */
export const getCarrierInvoiceSummary = () => api.get<{ data: PaymentSummary }>('/carrier/invoices/summary').then((r) => r.data);

export const carrierInvoiceSummaryQuery = () =>
  queryOptions({
    queryKey: [...CARRIER_INVOICES_KEY, 'summary'],
    queryFn: getCarrierInvoiceSummary,
  });

export const useCarrierInvoiceSummary = () => useQuery(carrierInvoiceSummaryQuery());

/** `GET /api/carrier/invoices/:id` (carrier users): one invoice with the audit, the shipper's decisions, versions and payments. */
export const getCarrierInvoice = (id: number) => api.get<{ data: InvoiceAnswer }>(`/carrier/invoices/${id}`).then((r) => r.data);

export const carrierInvoiceQuery = (id: number) =>
  queryOptions({
    queryKey: [...CARRIER_INVOICES_KEY, 'detail', id],
    queryFn: () => getCarrierInvoice(id),
    enabled: id > 0,
  });

export const useCarrierInvoice = (id: number) => useQuery(carrierInvoiceQuery(id));

/** The invoice read fresh (a dispute is answered against the version on screen), not again on window focus. */
export const useFreshCarrierInvoice = (id: number) => useQuery({ ...carrierInvoiceQuery(id), staleTime: 0, refetchOnWindowFocus: false });

export type BillableOrdersParams = { industryId: number; plantId?: number; search?: string; page: number; pageSize: number };

/** `GET /api/carrier/invoices/billable-orders` (carrier users): delivered orders of one shipper not billed yet, searched and paged. */
export const getBillableOrders = (query: BillableOrdersParams) =>
  api.get<ListResponse<BillableOrder>>('/carrier/invoices/billable-orders', query);

export const billableOrdersQuery = (query: BillableOrdersParams) =>
  queryOptions({
    queryKey: [...BILLABLE_ORDERS_KEY, query],
    queryFn: () => getBillableOrders(query),
    placeholderData: (previous) => previous,
  });

export const useBillableOrders = (query: BillableOrdersParams) => useQuery(billableOrdersQuery(query));

/**
 * The shippers the carrier works with, searched on the server like every picker (`{ data: [{ id: industryId,
 * label: name, carrierLinkId }], more }`: `GET /api/carrier/shippers/options`, active links offered).
 */
export const SHIPPER_OPTIONS_PATH = '/carrier/shippers/options';
export const getCarrierShipperOptions = (query: { search?: string; ids?: string }) => api.get<OptionsResponse>(SHIPPER_OPTIONS_PATH, query);

export const carrierShipperOptionsQuery = (query: { search?: string; ids?: string }) =>
  queryOptions({
    queryKey: ['carrier-shipper-options', query],
    queryFn: () => getCarrierShipperOptions(query),
    placeholderData: (previous) => previous,
    staleTime: 60_000,
    retry: false,
  });

export const useCarrierShipperOptions = (query: { search?: string; ids?: string }) => useQuery(carrierShipperOptionsQuery(query));

/** `POST /api/carrier/invoices` (carrier users): the new invoice as the server priced and audited it. */
export const createInvoice = (body: InvoiceInput) => api.post<{ data: InvoiceAnswer }>('/carrier/invoices', body).then((r) => r.data);

/** `POST /api/carrier/invoices/:id/credit-notes` (carrier users): the answer to a dispute (a credit note, or the reasons alone), against the version loaded. */
export const answerDispute = (id: number, body: CreditNoteInput, ifMatch: string) =>
  apiRequest<{ data: InvoiceAnswer }>('POST', `/carrier/invoices/${id}/credit-notes`, body, undefined, { ifMatch }).then((r) => r.data);

/**
 * `POST /api/carrier/invoices/preview` (carrier users): the server's working of a draft (GST and the
 * total before sending); nothing is stored. `key` is the draft's body as JSON, null while it is not whole.
 */
export const previewInvoice = (body: unknown) => api.post<{ data: InvoicePreview }>('/carrier/invoices/preview', body).then((r) => r.data);

export const useInvoicePreview = (key: string | null) =>
  useQuery({
    queryKey: ['carrier', 'invoice-preview', key],
    queryFn: () => previewInvoice(JSON.parse(key ?? '{}')),
    enabled: key !== null,
    retry: false,
    placeholderData: keepPreviousData,
  });

/**
 * After a create or a dispute's answer: the invoice as the server saved it goes in its cache (its page
 * shows at once), the invoice lists refetch, and after a create the billable orders too (they are billed now).
 */
export function useInvoiceSaved() {
  const client = useQueryClient();
  return (invoice: InvoiceAnswer, { billed = false } = {}) => {
    client.setQueryData(carrierInvoiceQuery(invoice.id).queryKey, invoice);
    void client.invalidateQueries({ queryKey: CARRIER_INVOICES_KEY });
    if (billed) {
      void client.invalidateQueries({ queryKey: BILLABLE_ORDERS_KEY });
    }
  };
}
