import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { VerificationRules, VerificationSettings } from '@freightdesk/shared/schemas/verification';
import { api } from '../../../lib/api.ts';

export const VERIFICATION_SETTINGS_KEY = ['settings', 'verification'];

/** `GET /api/settings/verification` [bid-list or add-edit-delete]: what each lapsed document does at the gate (defaults when none saved). */
export const getVerificationSettings = () => api.get<{ data: VerificationSettings }>('/settings/verification').then((r) => r.data);

/** `PUT /api/settings/verification` [add-edit-delete]: 409 STALE when a colleague saved since `ifMatch`. */
export const updateVerificationSettings = (values: VerificationRules, ifMatch?: string) =>
  api.put<{ data: VerificationSettings }>('/settings/verification', values, { ifMatch }).then((r) => r.data);

export const useVerificationSettings = () => useQuery({ queryKey: VERIFICATION_SETTINGS_KEY, queryFn: getVerificationSettings });

/** The save; the answer becomes the cached settings. */
export function useUpdateVerificationSettings() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ values, ifMatch }: { values: VerificationRules; ifMatch?: string }) => updateVerificationSettings(values, ifMatch),
    onSuccess: (saved) => client.setQueryData(VERIFICATION_SETTINGS_KEY, saved),
  });
}
