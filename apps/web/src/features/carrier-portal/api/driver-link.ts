import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';

/** The link as made: its token and address are in this answer only (record 0300). */
export type DriverLinkCreated = { id: number; url: string; token: string; expiresAt: string | null; createdAt: string };
/** The order's current driver link, without its token. */
export type DriverLinkState = { id: number; createdAt: string; expiresAt: string | null; lastSeenAt: string | null; active: boolean };

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
