import { and, eq, gte, isNull, or, type SQL } from 'drizzle-orm';
import { positions } from '../../db/schema/tracking.ts';
import type { Trip } from './trip-data.ts';

/**
 * When the trip began, as its positions go (issue 38): an outbound trip out of the gate began at
 * its gate out; before that, and on an inbound trip (which starts at the vendor, outside any of
 * our gates), when tracking was first set on the order. A fix older than that is not this trip's:
 * a phone's backlog, or a device still reporting its earlier trip. `order_tracking.started_at` is
 * not used: the ingest sets it at the first position it stores, which may be such a backlog fix.
 */
export function tripStart(trip: Pick<Trip, 'requestType' | 'gateOutAt' | 'tracking'>): Date | null {
  if (trip.requestType === 1 && trip.gateOutAt) {
    return trip.gateOutAt;
  }
  return trip.tracking?.createdAt ?? null;
}

/**
 * The one rule of which stored positions are on a trip's trail, as a condition on `positions`:
 * the order's, kept in use (a filtered position is no place the vehicle was), and none from
 * before the trip began. A rail report is the trip's whenever it was made: FOIS reports by the
 * consignment's FNR, and a rake may have left before its FNR was entered here. Every trail read
 * (the shipper's and carrier's track, the places list, the schedule map, the tolls and rail
 * lists, the public link) chooses its rows with it.
 */
export function onTrail(trip: Pick<Trip, 'id' | 'requestType' | 'gateOutAt' | 'tracking'>): SQL {
  const start = tripStart(trip);
  const inTrip = start ? or(eq(positions.source, 'rail'), gte(positions.fixTime, start)) : undefined;
  return and(eq(positions.orderId, trip.id), isNull(positions.filtered), inTrip) as SQL;
}
