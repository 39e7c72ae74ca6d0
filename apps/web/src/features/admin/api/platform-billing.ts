import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import type { PlatformBilling, PlatformBillingInput } from '@freightdesk/shared/schemas/plan-billing';
import { api } from '../../../lib/api.ts';

export const PLATFORM_BILLING_KEY = ['platform-billing'] as const;

/** `GET /api/admin/platform-billing` [admin]: the platform's tax and bank details, null until set. */
export const getPlatformBilling = () => api.get<{ data: PlatformBilling | null }>('/admin/platform-billing').then((r) => r.data);

export const platformBillingQueryOptions = () => queryOptions({ queryKey: PLATFORM_BILLING_KEY, queryFn: getPlatformBilling });

export const usePlatformBilling = () => useQuery(platformBillingQueryOptions());

/** `PUT /api/admin/platform-billing` [admin]: saves them; 400 names the field. */
export const putPlatformBilling = (values: PlatformBillingInput) =>
  api.put<{ data: PlatformBilling }>('/admin/platform-billing', values).then((r) => r.data);

/** Saves the details and puts the saved answer in the cache; throws the server's refusal to the form. */
export function useSavePlatformBilling() {
  const client = useQueryClient();
  return async (values: PlatformBillingInput) => {
    const saved = await putPlatformBilling(values);
    client.setQueryData(PLATFORM_BILLING_KEY, saved);
  };
}
