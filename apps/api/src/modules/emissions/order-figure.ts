import { EmissionInputError, type FactorSet, railEmissions, roadEmissions } from '@freightdesk/shared/emissions';
import { roadKmAlong } from '@freightdesk/shared/geo';
import type { EmissionFigure, FactorVersion } from '@freightdesk/shared/schemas/emissions';
import type { EmissionInputRow, EmissionInputs, StopPoint } from '../../repositories/order-emissions.repository.ts';

/**
 * One order's figure from what the repository read (issue 37). The distance is the tracked one once
 * the trip has ended and a device or phone tracked it (at least two accepted fixes); else the
 * planned one: the lane's route master, or the road estimate along the stops. FASTag and rail
 * reads are too sparse to measure a distance: their loads keep the planned one. An order tracked
 * by rail (FOIS) is a rail load.
 */

const DENSE_METHODS = new Set(['device', 'sim']);
const FINISHED = new Set(['arrived', 'delivered', 'closed']);
const MIN_FIXES = 2;

export type Located = { latitude: number; longitude: number };
export const locatedStops = (stops: StopPoint[], orderId: number): Located[] =>
  stops
    .filter((s) => s.order_id === orderId && s.latitude !== null && s.longitude !== null)
    .map((s) => ({ latitude: Number(s.latitude), longitude: Number(s.longitude) }));

const round1 = (n: number) => Math.round(n * 10) / 10;

export function distanceOf(order: EmissionInputRow, inputs: EmissionInputs): { km: number; basis: 'planned' | 'tracked' } | null {
  const tracked = inputs.tracked.get(order.id);
  if (tracked && FINISHED.has(order.status) && DENSE_METHODS.has(order.method ?? '') && tracked.fixes >= MIN_FIXES && tracked.km > 0) {
    return { km: round1(tracked.km), basis: 'tracked' };
  }
  const planned = inputs.laneKm.get(order.id) ?? roadKmAlong(locatedStops(inputs.stops, order.id));
  return planned > 0 ? { km: round1(planned), basis: 'planned' } : null;
}

export const factorSetOf = (v: FactorVersion): FactorSet => ({ id: v.id, label: v.label, validFrom: v.validFrom, factors: v.factors });

export type FigureOutcome = { figure: EmissionFigure; unavailable: null } | { figure: null; unavailable: string };

/** The order's figure with this factor version, or why there is none. */
export function figureOf(order: EmissionInputRow, inputs: EmissionInputs, version: FactorVersion | null): FigureOutcome {
  if (order.weight_tonnes === null) {
    return { figure: null, unavailable: 'The order has no weight: its emissions need the tonnes carried.' };
  }
  const distance = distanceOf(order, inputs);
  if (!distance) {
    return { figure: null, unavailable: 'No distance: the lane has no route master and its stops no coordinates.' };
  }
  if (!version) {
    return { figure: null, unavailable: `No emission factor version is in force on ${order.pickup_day}.` };
  }
  const set = factorSetOf(version);
  const common = { distanceKm: distance.km, distanceBasis: distance.basis, payloadTonnes: order.weight_tonnes };
  try {
    const figure =
      order.method === 'rail'
        ? railEmissions(common, set)
        : roadEmissions({ ...common, capacityTonnes: order.capacity_tonnes, fuel: order.fuel }, set);
    return { figure, unavailable: null };
  } catch (e) {
    if (e instanceof EmissionInputError) {
      return { figure: null, unavailable: e.message };
    }
    throw e;
  }
}
