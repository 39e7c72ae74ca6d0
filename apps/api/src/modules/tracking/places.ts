import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { greatCircleKm } from '@freightdesk/shared/geo';

/**
 * Offline reverse geocoding: the nearest of India's 7,000 places (GeoNames, shipped in
 * db/data/india-places.json; scripts/build-india-places.mjs builds it) names a position, as
 * "Near Nashik, Maharashtra" or "12 km NE of Nashik, Maharashtra". No outside service is called.
 */

type Place = { name: string; state: string; latitude: number; longitude: number };
const CELL_DEGREES = 0.5;
/** Beyond this from any place the position is named by its state only (or not at all). */
const MAX_KM = 60;
const NEAR_KM = 2;

let index: { cells: Map<string, Place[]>; states: Map<string, string> } | undefined;

function load() {
  if (index) {
    return index;
  }
  const dataDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../db/data');
  const places = (
    JSON.parse(readFileSync(path.join(dataDir, 'india-places.json'), 'utf8')) as { places: [string, string, number, number][] }
  ).places;
  const geography = JSON.parse(readFileSync(path.join(dataDir, 'india-geography.json'), 'utf8')) as {
    states: { name: string; code: string }[];
  };
  const cells = new Map<string, Place[]>();
  for (const [name, state, latitude, longitude] of places) {
    const key = cellKey(latitude, longitude);
    const list = cells.get(key) ?? [];
    list.push({ name, state, latitude, longitude });
    cells.set(key, list);
  }
  index = { cells, states: new Map(geography.states.map((s) => [s.code, s.name])) };
  return index;
}

const cellKey = (lat: number, lng: number) => `${Math.floor(lat / CELL_DEGREES)}:${Math.floor(lng / CELL_DEGREES)}`;

const DIRECTIONS = ['N', 'NE', 'E', 'SE', 'S', 'SW', 'W', 'NW'] as const;

/** The compass direction from `a` to `b`. */
export function compass(a: { latitude: number; longitude: number }, b: { latitude: number; longitude: number }): string {
  const dy = b.latitude - a.latitude;
  const dx = (b.longitude - a.longitude) * Math.cos((a.latitude * Math.PI) / 180);
  const degrees = ((Math.atan2(dx, dy) * 180) / Math.PI + 360) % 360;
  return DIRECTIONS[Math.round(degrees / 45) % 8] ?? 'N';
}

/** The nearest shipped place to a point (within 60 km), with its distance. */
export function nearestPlace(latitude: number, longitude: number): (Place & { km: number; stateName: string }) | null {
  const { cells, states } = load();
  const row = Math.floor(latitude / CELL_DEGREES);
  const col = Math.floor(longitude / CELL_DEGREES);
  let best: (Place & { km: number }) | null = null;
  for (let r = row - 1; r <= row + 1; r++) {
    for (let c = col - 1; c <= col + 1; c++) {
      for (const p of cells.get(`${r}:${c}`) ?? []) {
        const km = greatCircleKm({ latitude, longitude }, p);
        if (!best || km < best.km) {
          best = { ...p, km };
        }
      }
    }
  }
  return best && best.km <= MAX_KM ? { ...best, stateName: states.get(best.state) ?? best.state } : null;
}

/** A position as an address: "Near Nashik, Maharashtra" or "12 km NE of Nashik, Maharashtra". */
export function describePlace(latitude: number, longitude: number): string | null {
  const p = nearestPlace(latitude, longitude);
  if (!p) {
    return null;
  }
  if (p.km < NEAR_KM) {
    return `Near ${p.name}, ${p.stateName}`;
  }
  return `${Math.round(p.km)} km ${compass(p, { latitude, longitude })} of ${p.name}, ${p.stateName}`;
}
