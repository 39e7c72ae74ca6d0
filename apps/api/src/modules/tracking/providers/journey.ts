import { greatCircleKm, type LatLng } from '@freightdesk/shared/geo';

/**
 * What a simulator needs to answer like the real provider would for one trip: the lane's located
 * stops in order and when the trip started. The real adapters ignore it.
 */
export type Journey = { points: LatLng[]; startedAt: Date };

const KM_PER_DEGREE = 111.32;

/** Where a point lies against a polyline: its distance from it, and how far along it (both km). */
export function projectOnto(points: LatLng[], p: LatLng): { offKm: number; alongKm: number } {
  let best = { offKm: Number.POSITIVE_INFINITY, alongKm: 0 };
  let walked = 0;
  for (let i = 1; i < points.length; i++) {
    const a = points[i - 1] as LatLng;
    const b = points[i] as LatLng;
    const k = Math.cos((a.latitude * Math.PI) / 180) * KM_PER_DEGREE;
    const bx = (b.longitude - a.longitude) * k;
    const by = (b.latitude - a.latitude) * KM_PER_DEGREE;
    const px = (p.longitude - a.longitude) * k;
    const py = (p.latitude - a.latitude) * KM_PER_DEGREE;
    const len2 = bx * bx + by * by;
    const t = len2 ? Math.min(1, Math.max(0, (px * bx + py * by) / len2)) : 0;
    const offKm = Math.hypot(px - t * bx, py - t * by);
    const segment = Math.sqrt(len2);
    if (offKm < best.offKm) {
      best = { offKm, alongKm: walked + t * segment };
    }
    walked += segment;
  }
  return best;
}

/** The point `km` along a polyline (the last point beyond its end). */
export function pointAlong(points: LatLng[], km: number): LatLng {
  let left = km;
  for (let i = 1; i < points.length; i++) {
    const a = points[i - 1] as LatLng;
    const b = points[i] as LatLng;
    const segment = greatCircleKm(a, b);
    if (left <= segment && segment > 0) {
      const t = left / segment;
      return { latitude: a.latitude + t * (b.latitude - a.latitude), longitude: a.longitude + t * (b.longitude - a.longitude) };
    }
    left -= segment;
  }
  return points.at(-1) ?? { latitude: 0, longitude: 0 };
}

/** A stable number from a string (the simulators' sequence numbers and variations). */
export function stableHash(s: string): number {
  let h = 2166136261;
  for (let i = 0; i < s.length; i++) {
    h = Math.imul(h ^ s.charCodeAt(i), 16777619);
  }
  return h >>> 0;
}

const IST_MS = 5.5 * 3_600_000;
const two = (n: number) => String(n).padStart(2, '0');

/** The IST wall-clock parts of a moment. */
export function istParts(d: Date) {
  const t = new Date(d.getTime() + IST_MS);
  return {
    y: t.getUTCFullYear(),
    mo: two(t.getUTCMonth() + 1),
    d: two(t.getUTCDate()),
    h: two(t.getUTCHours()),
    mi: two(t.getUTCMinutes()),
    s: two(t.getUTCSeconds()),
    tenth: Math.floor(t.getUTCMilliseconds() / 100),
  };
}
