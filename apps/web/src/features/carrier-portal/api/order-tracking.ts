import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { OrderTracking } from '@freightdesk/shared/schemas/tracking';
import { api } from '../../../lib/api.ts';

/** The key of an order's tracking method; the tracking dialog's save refetches it. */
export const trackingMethodKey = (orderId: number) => ['carrier', 'tracking', orderId];

/** Where the tracking method dialog saves (`PUT`) the order's method. */
export const trackingMethodPath = (orderId: number) => `/carrier/tracking/orders/${orderId}/method`;

/** `GET /api/carrier/tracking/orders/:id/method` (carrier users): how the order is tracked, or null. */
export const getTrackingMethod = (orderId: number) =>
  api.get<{ data: OrderTracking | null }>(trackingMethodPath(orderId)).then((r) => r.data);

export const useTrackingMethod = (orderId: number) =>
  useQuery({ queryKey: trackingMethodKey(orderId), queryFn: () => getTrackingMethod(orderId) });

/** Refetches an order's tracking method (after the dialog saved it). */
export function useRefreshTrackingMethod() {
  const client = useQueryClient();
  return (orderId: number) => void client.invalidateQueries({ queryKey: trackingMethodKey(orderId) });
}

/** Puts the method the dialog saved in the cache (no refetch needed). */
export function useSetTrackingMethod() {
  const client = useQueryClient();
  return (orderId: number, saved: OrderTracking | null) => client.setQueryData(trackingMethodKey(orderId), saved);
}
