import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ListResponse } from '@freightdesk/shared/schemas/common';
import type { DevicePairing, TrackingDevice, TrackingDeviceInput } from '@freightdesk/shared/schemas/tracking-devices';
import { api, type Query } from '../../../lib/api.ts';

/** Where a company's tracking devices live: the shipper's `/tracking`, the carrier's `/carrier/tracking`. */
export type DeviceBase = '/tracking' | '/carrier/tracking';
const key = (base: DeviceBase) => ['tracking-devices', base] as const;

export function useTrackingDevices(base: DeviceBase, query: Query) {
  return useQuery({
    queryKey: [...key(base), 'list', query],
    queryFn: () => api.get<ListResponse<TrackingDevice>>(`${base}/devices`, query),
    placeholderData: keepPreviousData,
  });
}

/** Registers a device: a phone comes back with its pairing (shown once), a GPS unit without. */
export function useRegisterDevice(base: DeviceBase) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: TrackingDeviceInput) =>
      api.post<{ data: TrackingDevice; pairing?: DevicePairing }>(`${base}/devices`, body).then((r) => r),
    onSuccess: () => client.invalidateQueries({ queryKey: key(base) }),
  });
}

/** A phone's new identifier (the old one stops at once). */
export function useReissueIdentifier(base: DeviceBase) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.post<{ data: DevicePairing }>(`${base}/devices/${id}/identifier`, {}).then((r) => r.data),
    onSuccess: () => client.invalidateQueries({ queryKey: key(base) }),
  });
}

export function useDeviceStatus(base: DeviceBase) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, status }: { id: number; status: 'active' | 'inactive' }) =>
      api.post<{ data: TrackingDevice }>(`${base}/devices/${id}/status`, { status }).then((r) => r.data),
    onSuccess: () => client.invalidateQueries({ queryKey: key(base) }),
  });
}
