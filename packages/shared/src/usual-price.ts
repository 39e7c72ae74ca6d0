import {
  FAR_FROM_USUAL_FACTOR,
  FTL_MIN_CHARGED_KM,
  FTL_RUPEES_PER_TONNE_KM,
  LANE_LOAD_TOLERANCE,
  ROAD_DISTANCE_FACTOR,
  USUAL_PRICE_MIN_ORDERS,
} from './constants.ts';
import type { PriceBand, PriceBasis } from './schemas/usual-price.ts';
import { indianRupees } from './indian-number.ts';

export type LatLng = { latitude: number; longitude: number };

const EARTH_RADIUS_KM = 6371;
const rad = (deg: number) => (deg * Math.PI) / 180;

/** Great-circle (haversine) distance between two points, in km. */
export function greatCircleKm(a: LatLng, b: LatLng): number {
  const dLat = rad(b.latitude - a.latitude);
  const dLng = rad(b.longitude - a.longitude);
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(rad(a.latitude)) * Math.cos(rad(b.latitude)) * Math.sin(dLng / 2) ** 2;
  return 2 * EARTH_RADIUS_KM * Math.asin(Math.min(1, Math.sqrt(h)));
}

/** The road distance of a route through the points in order: the straight legs × the detour factor, whole km. */
export function roadKm(points: LatLng[]): number {
  let km = 0;
  for (let i = 1; i < points.length; i++) {
    const [a, b] = [points[i - 1], points[i]];
    if (a && b) {
      km += greatCircleKm(a, b);
    }
  }
  return Math.round(km * ROAD_DISTANCE_FACTOR);
}

/** Rupees rounded to a figure people use for a freight price (₹100 steps; paise below ₹100). */
const roundPrice = (rupees: number) => (rupees >= 100 ? Math.round(rupees / 100) * 100 : Math.round(rupees * 100) / 100);

/**
 * The sanity band of a lane from its road distance and the load one vehicle carries, per trip
 * (one vehicle) or per tonne. Undefined when the load is not a positive number.
 */
export function distanceBand(lane: { roadKm: number; tonnesPerVehicle: number; basis: PriceBasis }): PriceBand | undefined {
  const { tonnesPerVehicle, basis } = lane;
  if (!(tonnesPerVehicle > 0) || !(lane.roadKm >= 0)) {
    return undefined;
  }
  const km = Math.max(lane.roadKm, FTL_MIN_CHARGED_KM);
  const tonnes = basis === 'trip' ? tonnesPerVehicle : 1;
  return {
    low: roundPrice(FTL_RUPEES_PER_TONNE_KM.low * km * tonnes),
    high: roundPrice(FTL_RUPEES_PER_TONNE_KM.high * km * tonnes),
    basis,
    source: 'distance',
    roadKm: lane.roadKm,
    tonnesPerVehicle,
    orders: 0,
  };
}

export function median(values: number[]): number | undefined {
  const sorted = [...values].filter((v) => Number.isFinite(v)).sort((a, b) => a - b);
  if (!sorted.length) {
    return undefined;
  }
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : ((sorted[mid - 1] ?? 0) + (sorted[mid] ?? 0)) / 2;
}

/** A past order on the lane: its price, basis and the load one of its vehicles carried. */
export type PastOrder = { priceRupees: number; basis: PriceBasis; tonnesPerVehicle: number };

/** An order's price on the asked basis (a per-tonne price × the vehicle's load is its trip price). */
function onBasis(order: PastOrder, basis: PriceBasis): number | undefined {
  if (order.basis === basis) {
    return order.priceRupees;
  }
  if (!(order.tonnesPerVehicle > 0)) {
    return undefined;
  }
  return basis === 'trip' ? order.priceRupees * order.tonnesPerVehicle : order.priceRupees / order.tonnesPerVehicle;
}

/** Did the order's vehicle carry about the lane's load (within `LANE_LOAD_TOLERANCE`)? */
function sameLoad(order: PastOrder, tonnesPerVehicle: number): boolean {
  return Math.abs(order.tonnesPerVehicle - tonnesPerVehicle) <= tonnesPerVehicle * LANE_LOAD_TOLERANCE + 1e-9;
}

/**
 * The usual price from the shipper's own past orders on the lane (same origin, destination and
 * vehicle type, about the same load per vehicle): their median on the asked basis, when there are
 * at least `USUAL_PRICE_MIN_ORDERS` of them; undefined otherwise. The one rule both the shipper's
 * target price and the carrier's bid are checked against.
 */
export function historyBand(
  orders: PastOrder[],
  lane: { roadKm: number; tonnesPerVehicle: number; basis: PriceBasis },
): PriceBand | undefined {
  const prices = orders.flatMap((o) => {
    const v = sameLoad(o, lane.tonnesPerVehicle) ? onBasis(o, lane.basis) : undefined;
    return v === undefined ? [] : [v];
  });
  const usual = prices.length >= USUAL_PRICE_MIN_ORDERS ? median(prices) : undefined;
  if (usual === undefined) {
    return undefined;
  }
  const price = roundPrice(usual);
  return {
    low: price,
    high: price,
    basis: lane.basis,
    source: 'history',
    roadKm: lane.roadKm,
    tonnesPerVehicle: lane.tonnesPerVehicle,
    orders: prices.length,
  };
}

/** The lane's usual price: the shipper's history when there is enough, else the distance band. */
export function usualPrice(
  orders: PastOrder[],
  lane: { roadKm: number; tonnesPerVehicle: number; basis: PriceBasis },
): PriceBand | undefined {
  return historyBand(orders, lane) ?? distanceBand(lane);
}

/** Is a price far from the band: below 1/2 of its low end or above twice its high end? */
export function farFromUsual(rupees: number, band: PriceBand): 'below' | 'above' | undefined {
  if (!(rupees > 0)) {
    return undefined;
  }
  if (rupees < band.low / FAR_FROM_USUAL_FACTOR) {
    return 'below';
  }
  if (rupees > band.high * FAR_FROM_USUAL_FACTOR) {
    return 'above';
  }
  return undefined;
}

const inr = (rupees: number) => indianRupees(rupees, { min: 0 });
const tonnes = (t: number) => `${Number(t.toFixed(2))} t`;

/**
 * The band in words, with its basis: "₹39,600 per trip (from 6 past orders on this lane)" or
 * "₹8,000–₹24,000 per trip (about 520 km by road × 20 t at ₹2–6 per tonne-km)" when the lane has no history.
 */
export function describeBand(band: PriceBand): string {
  const per = band.basis === 'trip' ? 'per trip' : 'per tonne';
  const amount = band.low === band.high ? inr(band.low) : `${inr(band.low)}–${inr(band.high)}`;
  if (band.source === 'history') {
    return `${amount} ${per} (from ${band.orders} past orders on this lane)`;
  }
  const load = band.basis === 'trip' ? ` × ${tonnes(band.tonnesPerVehicle)}` : '';
  const short = band.roadKm < FTL_MIN_CHARGED_KM ? `, charged as ${FTL_MIN_CHARGED_KM} km` : '';
  return `${amount} ${per} (about ${band.roadKm} km by road${short}${load} at ₹${FTL_RUPEES_PER_TONNE_KM.low}–${FTL_RUPEES_PER_TONNE_KM.high} per tonne-km)`;
}

/** The warning a money field shows for a price far from usual; undefined when it is not. */
export function farFromUsualText(rupees: number, band: PriceBand | undefined): string | undefined {
  const far = band ? farFromUsual(rupees, band) : undefined;
  if (!band || !far) {
    return undefined;
  }
  return `${inr(rupees)} is far ${far} the usual price for this lane: ${describeBand(band)}. Check the amount.`;
}
