import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ListResponse } from '@freightdesk/shared/schemas/common';
import type { InvoiceRow } from '@freightdesk/shared/schemas/invoice-views';
import { api, type Query } from '../../../lib/api.ts';
import { INVOICES_KEY } from './invoice-keys.ts';

/** `GET /api/invoices` [payment-summary]: the shipper's invoices, a page at a time (status, number, carrier, plant, overdue). */
export const getInvoices = (query: Query) => api.get<ListResponse<InvoiceRow>>('/invoices', query);

export const invoicesQuery = (query: Query) =>
  queryOptions({
    queryKey: [...INVOICES_KEY, 'list', query],
    queryFn: () => getInvoices(query),
    placeholderData: (previous) => previous,
  });

export const useInvoices = (query: Query) => useQuery(invoicesQuery(query));
