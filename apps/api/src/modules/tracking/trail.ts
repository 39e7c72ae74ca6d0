import type { Trip } from '../../repositories/tracking-trips.repository.ts';

/**
 * When the trip began, as its positions go (issue 38): an outbound trip out of the gate began at
 * its gate out; before that, and on an inbound trip (which starts at the vendor, outside any of
 * our gates), when tracking was first set on the order. A fix older than that is not this trip's:
 * a phone's backlog, or a device still reporting its earlier trip. `order_tracking.started_at` is
 * not used: the ingest sets it at the first position it stores, which may be such a backlog fix.
 * The trail's condition on `positions` (`onTrail`) is in repositories/tracking-positions.repository.ts.
 */
export function tripStart(trip: Pick<Trip, 'requestType' | 'gateOutAt' | 'tracking'>): Date | null {
  if (trip.requestType === 1 && trip.gateOutAt) {
    return trip.gateOutAt;
  }
  return trip.tracking?.createdAt ?? null;
}
