import { DEFAULT_GEOFENCE_M, PLANNED_SPEED_KMH } from '@freightdesk/shared/constants';
import { greatCircleKm, ROAD_DETOUR_FACTOR } from '@freightdesk/shared/geo';
import type { TripState } from '@freightdesk/shared/schemas/tracking';

/** A stop of the order's lane as tracking reads it. */
export type TripStop = {
  id: number;
  seq: number;
  kind: 'pickup' | 'drop';
  plantId: number | null;
  label: string;
  city: string | null;
  latitude: number | null;
  longitude: number | null;
  geofenceRadius: number | null;
};
type Point = { latitude: number; longitude: number };

/** A delay opens when the ETA passes the planned arrival by this much, and closes once it no longer does. */
export const DELAY_GRACE_MINUTES = 30;
/** A recent speed below this means the vehicle is not really moving: the planned speed estimates the rest. */
const MOVING_KMH = 15;
const MAX_KMH = 80;

export const located = (s: TripStop): s is TripStop & Point => s.latitude !== null && s.longitude !== null;
export const radiusM = (s: TripStop) => s.geofenceRadius ?? DEFAULT_GEOFENCE_M;

/** Is the point inside the stop's geofence? */
export function insideGeofence(s: TripStop, p: Point): boolean {
  return located(s) && greatCircleKm(s, p) * 1000 <= radiusM(s);
}

/** Road km (great circle × the detour factor) from the pickup to each stop, cumulative. */
export function cumulativeRoadKm(stops: TripStop[]): number[] {
  const out: number[] = [];
  let km = 0;
  let previous: Point | null = null;
  for (const s of stops) {
    if (previous && located(s)) {
      km += greatCircleKm(previous, s) * ROAD_DETOUR_FACTOR;
    }
    if (located(s)) {
      previous = s;
    }
    out.push(km);
  }
  return out;
}

/**
 * The planned time at each stop: the trip's start (gate out, else the pickup time) plus the road
 * distance at the planned speed, or, with a route master for the lane, its transit time spread by
 * distance. The pickup's planned time is the pickup time.
 */
export function plannedTimes(stops: TripStop[], pickupAt: Date, startAt: Date | null, transitHours: number | null): (Date | null)[] {
  const km = cumulativeRoadKm(stops);
  const total = km.at(-1) ?? 0;
  const start = (startAt ?? pickupAt).getTime();
  return stops.map((s, i) => {
    if (s.kind === 'pickup') {
      return pickupAt;
    }
    const along = km[i] ?? 0;
    const hours = transitHours !== null && total > 0 ? (transitHours * along) / total : along / PLANNED_SPEED_KMH;
    return new Date(start + hours * 3_600_000);
  });
}

/** Road km left from a position through the stops not reached yet. */
export function kmLeft(from: Point, ahead: TripStop[]): number {
  let km = 0;
  let previous = from;
  for (const s of ahead.filter(located)) {
    km += greatCircleKm(previous, s) * ROAD_DETOUR_FACTOR;
    previous = s;
  }
  return km;
}

/**
 * The speed an ETA assumes: the last hour's (road km over the time), when the vehicle is really
 * moving; else the lane's own (route master distance over transit time) or the planned speed.
 */
export function etaSpeed(recentKmh: number | null, laneKmh: number | null): number {
  if (recentKmh !== null && recentKmh >= MOVING_KMH) {
    return Math.min(recentKmh, MAX_KMH);
  }
  return laneKmh ?? PLANNED_SPEED_KMH;
}

export function etaFrom(now: Date, km: number, speedKmh: number): Date {
  return new Date(now.getTime() + (km / Math.max(1, speedKmh)) * 3_600_000);
}

/** Minutes the ETA runs past the planned time (never negative). */
export function delayMinutes(eta: Date | null, planned: Date | null): number | null {
  if (!eta || !planned) {
    return null;
  }
  return Math.max(0, Math.round((eta.getTime() - planned.getTime()) / 60_000));
}

/** The trip's state on the boards and the map (its colour). */
export function tripState(status: string, open: { halt: boolean; noSignal: boolean; delay: boolean }, moving: boolean): TripState {
  if (['arrived', 'delivered', 'closed'].includes(status)) {
    return 'arrived';
  }
  if (open.noSignal) {
    return 'no_signal';
  }
  if (open.halt) {
    return 'halted';
  }
  if (open.delay) {
    return 'delayed';
  }
  return status === 'gate_out' || moving ? 'in_transit' : 'waiting';
}

/** Evenly thins a trail to at most `max` points, keeping the first and the last. */
export function thin<T>(points: T[], max: number): T[] {
  if (points.length <= max) {
    return points;
  }
  const step = (points.length - 1) / (max - 1);
  return Array.from({ length: max }, (_, i) => points[Math.round(i * step)] as T);
}
