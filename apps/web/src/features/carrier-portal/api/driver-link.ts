import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { DriverLinkCreated, DriverLinkState } from '@freightdesk/shared/schemas/driver-trip';
import { api } from '../../../lib/api.ts';

export type { DriverLinkCreated } from '@freightdesk/shared/schemas/driver-trip';

const path = (orderId: number) => `/carrier/orders/${orderId}/driver-link`;
export const driverLinkKey = (orderId: number) => ['carrier', 'driver-link', orderId];

/** `GET /api/carrier/orders/:id/driver-link` (carrier users): the current link, or null. */
export const useDriverLink = (orderId: number) =>
  useQuery({
    queryKey: driverLinkKey(orderId),
    queryFn: () => api.get<{ data: DriverLinkState | null }>(path(orderId)).then((r) => r.data),
  });

/** `POST /api/carrier/orders/:id/driver-link`: a new link (the previous one stops working). */
export function useCreateDriverLink(orderId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (driverPhone: string | undefined) =>
      api.post<{ data: DriverLinkCreated }>(path(orderId), driverPhone ? { driverPhone } : {}).then((r) => r.data),
    onSuccess: () => void client.invalidateQueries({ queryKey: driverLinkKey(orderId) }),
  });
}

/** `DELETE /api/carrier/orders/:id/driver-link`: ends the link now. */
export function useEndDriverLink(orderId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => api.delete<{ data: { revoked: boolean } }>(path(orderId)).then((r) => r.data),
    onSuccess: () => void client.invalidateQueries({ queryKey: driverLinkKey(orderId) }),
  });
}
