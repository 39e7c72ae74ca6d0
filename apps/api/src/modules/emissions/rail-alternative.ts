import { EmissionInputError, railEmissions, roadEmissions } from '@freightdesk/shared/emissions';
import { greatCircleKm, ROAD_DETOUR_FACTOR } from '@freightdesk/shared/geo';
import type { FactorVersion, RailAlternative } from '@freightdesk/shared/schemas/emissions';
import type { EmissionInputRow } from '../../repositories/order-emissions.repository.ts';
import { RAIL_CORRIDORS } from '../tracking/providers/rail-corridors.ts';
import { factorSetOf, type Located } from './order-figure.ts';

/**
 * "What if by rail" (issue 37): where both ends of a road load's lane lie within reach of stations
 * of one rail corridor (modules/tracking/providers/rail-corridors.ts), the same tonnes by rail
 * between those stations plus the first and last mile by the order's own vehicle. The track between
 * stations is the great circle hop by hop × RAIL_DETOUR_FACTOR (an assumption, docs/emissions.md).
 */

/** A station further than this from a lane's end is not an alternative to the road. */
export const STATION_REACH_KM = 75;
export const RAIL_DETOUR_FACTOR = 1.15;

type Station = readonly [string, string, number, number];
const pointOf = (s: Station): Located => ({ latitude: s[2], longitude: s[3] });

function nearest(corridor: readonly Station[], p: Located): { index: number; km: number } | null {
  let best: { index: number; km: number } | null = null;
  for (const [index, s] of corridor.entries()) {
    const km = greatCircleKm(p, pointOf(s));
    if (km <= STATION_REACH_KM && (!best || km < best.km)) {
      best = { index, km };
    }
  }
  return best;
}

function trackKm(corridor: readonly Station[], a: number, b: number): number {
  let km = 0;
  for (let i = Math.min(a, b); i < Math.max(a, b); i++) {
    const [x, y] = [corridor[i], corridor[i + 1]];
    km += x && y ? greatCircleKm(pointOf(x), pointOf(y)) : 0;
  }
  return km * RAIL_DETOUR_FACTOR;
}

type Leg = { from: Station; to: Station; railKm: number; roadKm: number };

/** The corridor leg with the shortest first and last mile, if any corridor serves both ends. */
export function railLegFor(origin: Located, destination: Located): Leg | null {
  let best: Leg | null = null;
  for (const corridor of RAIL_CORRIDORS) {
    const [a, b] = [nearest(corridor, origin), nearest(corridor, destination)];
    const [from, to] = [a ? corridor[a.index] : undefined, b ? corridor[b.index] : undefined];
    if (!a || !b || !from || !to || a.index === b.index) {
      continue;
    }
    const roadKm = (a.km + b.km) * ROAD_DETOUR_FACTOR;
    if (!best || roadKm < best.roadKm) {
      best = { from, to, railKm: trackKm(corridor, a.index, b.index), roadKm };
    }
  }
  return best;
}

const round1 = (n: number) => Math.round(n * 10) / 10;

/** The rail alternative of a road load between these ends, or null (no corridor, a rail load already, refused inputs). */
export function railAlternative(order: EmissionInputRow, ends: Located[], version: FactorVersion | null): RailAlternative | null {
  const [origin, destination] = [ends[0], ends.at(-1)];
  if (!version || order.method === 'rail' || order.weight_tonnes === null || !origin || !destination || ends.length < 2) {
    return null;
  }
  const leg = railLegFor(origin, destination);
  if (!leg) {
    return null;
  }
  const set = factorSetOf(version);
  try {
    const rail = railEmissions({ distanceKm: round1(leg.railKm), distanceBasis: 'planned', payloadTonnes: order.weight_tonnes }, set);
    const firstLastMile =
      round1(leg.roadKm) > 0
        ? roadEmissions(
            {
              distanceKm: round1(leg.roadKm),
              distanceBasis: 'planned',
              payloadTonnes: order.weight_tonnes,
              capacityTonnes: order.capacity_tonnes,
              fuel: order.fuel,
            },
            set,
          )
        : null;
    const wtwKg = Math.round((rail.wtwKg + (firstLastMile?.wtwKg ?? 0)) * 1000) / 1000;
    return { fromStation: `${leg.from[0]} (${leg.from[1]})`, toStation: `${leg.to[0]} (${leg.to[1]})`, wtwKg, rail, firstLastMile };
  } catch (e) {
    if (e instanceof EmissionInputError) {
      return null;
    }
    throw e;
  }
}
