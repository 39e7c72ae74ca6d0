import { queryOptions, useQuery } from '@tanstack/react-query';
import type { EwayBillExtendInput, EwayExtensionSuggestion } from '@freightdesk/shared/schemas/eway-bill';
import { api } from '../../../lib/api.ts';

/** `GET /api/orders/{dir}/:id/eway-bills/:billId/extension` [list-{dir}-order]: where the vehicle is now, from its last position. */
export const getExtensionSuggestion = (base: string, billId: number) =>
  api.get<{ data: EwayExtensionSuggestion }>(`${base}/eway-bills/${billId}/extension`).then((r) => r.data);

export const extensionSuggestionQueryOptions = (base: string, billId: number, enabled: boolean) =>
  queryOptions({
    enabled,
    queryKey: ['eway-extension', base, billId],
    queryFn: () => getExtensionSuggestion(base, billId),
    staleTime: 60_000,
  });

export const useExtensionSuggestionQuery = (base: string, billId: number, enabled: boolean) =>
  useQuery(extensionSuggestionQueryOptions(base, billId, enabled));

/** `POST /api/orders/{dir}/:id/eway-bills/:billId/extend|cancel` [list-{dir}-order]: NIC changes the bill through the GSP. */
export const changeEwayBill = (base: string, billId: number, kind: 'extend' | 'cancel', body: Partial<EwayBillExtendInput>) =>
  api.post(`${base}/eway-bills/${billId}/${kind}`, body);
