import type { DbOrTx } from '../../db/client.ts';
import { reachedStops } from '../../repositories/tracking-events.repository.ts';
import { loadTrips, type Trip } from '../../repositories/tracking-trips.repository.ts';
import { etaFrom, etaSpeed, kmLeft } from './trip.ts';

type OnRoad = Pick<Trip, 'status' | 'stops' | 'last' | 'laneKmh'>;

/**
 * Road km left from the last position through the drop-offs not `reached` yet, and the ETA at the
 * recent speed (else the lane's or the planned one): the trip scan's rule, which it stores on the
 * last position every minute. Null off the road (only an outbound trip out of the gate has one) or
 * without a position.
 */
export function etaFromHere(
  trip: OnRoad,
  reached: ReadonlySet<number>,
  recentKmh: number | null,
  now: Date,
): { eta: Date; km: number } | null {
  if (!trip.last || trip.status !== 'gate_out') {
    return null;
  }
  const km = kmLeft(
    trip.last,
    trip.stops.filter((s) => s.kind === 'drop' && !reached.has(s.id)),
  );
  return { eta: etaFrom(now, km, etaSpeed(recentKmh, trip.laneKmh)), km };
}

/**
 * The ETA and km left every view shows (the track, the public link, the boards): the scan's, and
 * until its first pass over the trip's positions (up to a minute after the first), the same rule
 * worked out now. So a trip on the road with a position never shows "—".
 */
export function etaNow(trip: OnRoad, reached: ReadonlySet<number>, now = new Date()): { eta: Date; km: number | null } | null {
  if (!trip.last || trip.status !== 'gate_out') {
    return null;
  }
  if (trip.last.etaAt) {
    return { eta: trip.last.etaAt, km: trip.last.kmLeft };
  }
  return etaFromHere(trip, reached, null, now);
}

/** The ETA of these trips worked out now (the boards' rows on the road the scan has not reached yet), by order. */
export async function etasNow(db: DbOrTx, orderIds: number[], now = new Date()): Promise<Map<number, Date>> {
  const etas = new Map<number, Date>();
  if (!orderIds.length) {
    return etas;
  }
  const [trips, reached] = await Promise.all([loadTrips(db, orderIds), reachedStops(db, orderIds)]);
  for (const trip of trips.values()) {
    const here = etaNow(trip, reached.get(trip.id) ?? new Set(), now);
    if (here) {
      etas.set(trip.id, here.eta);
    }
  }
  return etas;
}
