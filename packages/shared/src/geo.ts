/** A point on the map (degrees). */
export type LatLng = { latitude: number; longitude: number };

const EARTH_KM = 6371.0088;
/**
 * Roads in India run about 1.3 times the straight line between two towns (the detour factor
 * transport planners use when only coordinates are known); a route master's distance, when there
 * is one, is better.
 */
export const ROAD_DETOUR_FACTOR = 1.3;

/** The great-circle distance in kilometres (haversine). */
export function greatCircleKm(a: LatLng, b: LatLng): number {
  const rad = Math.PI / 180;
  const dLat = (b.latitude - a.latitude) * rad;
  const dLng = (b.longitude - a.longitude) * rad;
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(a.latitude * rad) * Math.cos(b.latitude * rad) * Math.sin(dLng / 2) ** 2;
  return 2 * EARTH_KM * Math.asin(Math.min(1, Math.sqrt(h)));
}

/** The road distance estimated along points in order (pickup, then each drop-off). */
export function roadKmAlong(points: LatLng[]): number {
  let km = 0;
  for (let i = 1; i < points.length; i++) {
    const [a, b] = [points[i - 1], points[i]];
    if (a && b) {
      km += greatCircleKm(a, b) * ROAD_DETOUR_FACTOR;
    }
  }
  return km;
}
