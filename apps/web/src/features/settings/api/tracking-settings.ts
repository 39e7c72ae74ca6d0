import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TrackingSettings, TrackingSettingsInput } from '@freightdesk/shared/schemas/tracking-settings';
import { api } from '../../../lib/api.ts';

export const TRACKING_SETTINGS_KEY = ['settings', 'tracking'];

/** `GET /api/settings/tracking` [bid-list or add-edit-delete]: the halt, no-signal, public-link and phone-SIM settings (defaults when none saved). */
export const getTrackingSettings = () => api.get<{ data: TrackingSettings }>('/settings/tracking').then((r) => r.data);

/** `PUT /api/settings/tracking` [add-edit-delete]: 409 STALE when a colleague saved since `ifMatch`. */
export const updateTrackingSettings = (values: TrackingSettingsInput, ifMatch?: string) =>
  api.put<{ data: TrackingSettings }>('/settings/tracking', values, { ifMatch }).then((r) => r.data);

export const trackingSettingsQuery = { queryKey: TRACKING_SETTINGS_KEY, queryFn: getTrackingSettings };

export const useTrackingSettings = () => useQuery(trackingSettingsQuery);

/** The save; the answer becomes the cached settings. */
export function useUpdateTrackingSettings() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ values, ifMatch }: { values: TrackingSettingsInput; ifMatch?: string }) => updateTrackingSettings(values, ifMatch),
    onSuccess: (saved) => client.setQueryData(TRACKING_SETTINGS_KEY, saved),
  });
}
