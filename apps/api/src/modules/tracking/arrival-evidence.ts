import { ARRIVAL_MIN_FIXES, TRACKING_SETTING_MIN_DWELL_MINUTES } from '@freightdesk/shared/constants';
import { formatIst } from '@freightdesk/shared/eway-bill';
import type { OrderStatus } from '@freightdesk/shared/status/order';
import type { DbOrTx } from '../../db/client.ts';
import { locatedPositions } from '../../repositories/tracking-positions.repository.ts';
import type { Trip } from '../../repositories/tracking-trips.repository.ts';
import { insideGeofence, type TripStop } from './trip.ts';

/**
 * Tracking moves an order only on evidence (issue 31): entering a stop's geofence opens a stay with
 * the move it would make pending; the move is made once at least `ARRIVAL_MIN_FIXES` positions in
 * use (filtered positions never count) lie inside the geofence, spanning the shipper's dwell
 * minutes by their fix times. The move is dated at the first of them, and its timeline line says
 * what was seen. A spoofer's fixes from far away are filtered as jumps and count for nothing.
 */

type Point = { latitude: number; longitude: number };
type Stay = Trip['open'][number];
/** The move a stay waits to make, kept in its details. */
export const pendingOf = (stay: Stay): OrderStatus | null =>
  ((stay.details as { pending?: OrderStatus } | null)?.pending ?? null) as OrderStatus | null;

export type Evidence = { fixes: number; firstAt: Date; lastAt: Date; first: Point };
const MINUTE = 60_000;
/** Positions of a stay read at most (a truck waiting a day at a 30-second interval sends 2,880). */
const MAX_READ = 5000;

/**
 * The open stays waiting for a move whose stop is around the point, once the point's time is far
 * enough past the stay's start that evidence could be complete (at the shortest dwell any shipper
 * may set): decided in memory, for every position of every trip.
 */
export function ripeStays(trip: Trip, point: Point & { at: Date }): { stay: Stay; stop: TripStop }[] {
  const out: { stay: Stay; stop: TripStop }[] = [];
  for (const stay of trip.open) {
    if (stay.kind !== 'geofence' || !pendingOf(stay)) {
      continue;
    }
    const stop = trip.stops.find((s) => s.id === stay.refId);
    if (
      stop &&
      insideGeofence(stop, point) &&
      point.at.getTime() - stay.startedAt.getTime() >= TRACKING_SETTING_MIN_DWELL_MINUTES * MINUTE
    ) {
      out.push({ stay, stop });
    }
  }
  return out;
}

/** The positions in use inside the stop's geofence since the stay began, as evidence. */
export async function evidenceOf(db: DbOrTx, trip: Pick<Trip, 'id'>, stop: TripStop, since: Date): Promise<Evidence | null> {
  const rows = await locatedPositions(db, trip.id, { since }, MAX_READ);
  const inside = rows.filter((p) => insideGeofence(stop, p));
  const first = inside[0];
  const last = inside.at(-1);
  return first && last ? { fixes: inside.length, firstAt: first.at, lastAt: last.at, first } : null;
}

/**
 * When each entered stop's stay began: the earliest of the positions in use that lie inside the
 * stop without a break back from `at` (a phone's backlog, or a batch committed while the last
 * check ran, reaches the watch as its newest fix only: the stay still starts at the first fix
 * inside, and its evidence counts them all).
 */
export async function entryStarts(db: DbOrTx, trip: Pick<Trip, 'id'>, stops: TripStop[], at: Date): Promise<Map<number, Date>> {
  const starts = new Map<number, Date>();
  if (!stops.length) {
    return starts;
  }
  const back = await locatedPositions(db, trip.id, { until: at }, MAX_READ);
  for (const stop of stops) {
    let start = at;
    for (const p of back) {
      if (!insideGeofence(stop, p)) {
        break;
      }
      start = p.at;
    }
    starts.set(stop.id, start);
  }
  return starts;
}

/** Is the evidence enough for the shipper's dwell? */
export const sufficient = (e: Evidence | null, dwellMinutes: number): e is Evidence =>
  e !== null && e.fixes >= ARRIVAL_MIN_FIXES && e.lastAt.getTime() - e.firstAt.getTime() >= dwellMinutes * MINUTE;

/** The timeline's words for a move tracking made: what was seen, where and when. */
export const TRACKING_REASON_PREFIX = 'Seen by tracking';
export function evidenceReason(e: Evidence, stop: TripStop): string {
  const span = Math.round((e.lastAt.getTime() - e.firstAt.getTime()) / MINUTE);
  return `${TRACKING_REASON_PREFIX}: ${e.fixes} positions inside ${stop.label} over ${span} minutes, ${formatIst(e.firstAt)} to ${formatIst(e.lastAt)}`;
}
