import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Gstr3bLine } from '@freightdesk/shared/schemas/invoice-views';
import { api } from '../../../lib/api.ts';
import { INVOICES_KEY } from './invoice-keys.ts';

/** `GET /api/invoices/gstr3b?month=YYYY-MM` [payment-summary]: table 3.1(d) of GSTR-3B, the month's freight under reverse charge per plant GSTIN. */
export const getGstr3b = (month: string) =>
  api.get<{ data: { month: string; lines: Gstr3bLine[] } }>('/invoices/gstr3b', { month }).then((r) => r.data);

export const gstr3bQuery = (month: string) =>
  queryOptions({
    queryKey: [...INVOICES_KEY, 'gstr3b', month],
    queryFn: () => getGstr3b(month),
    placeholderData: (previous) => previous,
  });

export const useGstr3b = (month: string) => useQuery(gstr3bQuery(month));
