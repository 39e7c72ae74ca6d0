import type { OrderTracking, TrackingChoice } from '@freightdesk/shared/schemas/tracking';
import { api } from '../../../lib/api.ts';

/** PUT `…/orders/:id/method` (the caller's `endpoint`): chooses or changes how the order is tracked, answering the new tracking. */
export async function putTrackingMethod(endpoint: string, choice: TrackingChoice): Promise<OrderTracking> {
  return (await api.put<{ data: OrderTracking }>(endpoint, choice)).data;
}
