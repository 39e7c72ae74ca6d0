import type { EmissionFigure, Factor, RoadFuel, UsedFactor, VehicleClass } from './schemas/emissions.ts';

/**
 * The well-to-wheel CO2e of one shipment by ISO 14083:2023 and the GLEC Framework v3 (issue 37,
 * record 0308, docs/emissions.md). Pure: the caller gives the distance, the payload, the vehicle
 * and a factor version; every figure names its method and the factors it used. Inputs outside sense
 * are refused (EmissionInputError naming the field), never clamped.
 *
 * Road (fuel-based, GLEC's "modelled" approach): litres per loaded km rise linearly with the load
 * factor between the class's empty and full consumption; the return run empty adds
 * distance × e / (1 − e) km at the empty consumption, e being the share of the vehicle's running
 * that is empty; fuel × the fuel's TTW and WTT factors gives TTW and WTT, WTW = TTW + WTT. The whole
 * vehicle is the shipment's (one order, one vehicle). Rail: tonne-km × the WTW intensity.
 */

export const ROAD_METHOD = 'ISO 14083:2023 / GLEC Framework v3: road, fuel-based (load-dependent consumption, empty return)';
export const RAIL_METHOD = 'ISO 14083:2023 / GLEC Framework v3: rail, default WTW intensity per tonne-km';

/** Limits of sense: a load in India is never longer than this, a truck never carries more. */
export const MAX_DISTANCE_KM = 5000;
export const MAX_CAPACITY_TONNES = 60;
export const MAX_RAIL_TONNES = 6000;

export class EmissionInputError extends Error {
  constructor(
    readonly field: string,
    message: string,
  ) {
    super(message);
  }
}

/** The factor version a figure is computed with. */
export type FactorSet = { id: number; label: string; validFrom: string; factors: Record<string, Factor> };

export type RoadShipment = {
  distanceKm: number;
  distanceBasis: 'planned' | 'tracked';
  payloadTonnes: number;
  capacityTonnes: number;
  fuel: RoadFuel;
  /** The share of the vehicle's running that is empty; the version's default when absent. */
  emptyShare?: number;
};
export type RailShipment = { distanceKm: number; distanceBasis: 'planned' | 'tracked'; payloadTonnes: number };

/** The class of a truck by its rated payload (tonnes): light, medium, heavy, multi-axle. */
export function vehicleClassOf(capacityTonnes: number): VehicleClass {
  if (!(capacityTonnes > 0) || capacityTonnes > MAX_CAPACITY_TONNES) {
    throw new EmissionInputError('capacityTonnes', `A vehicle's capacity is more than 0 and at most ${MAX_CAPACITY_TONNES} tonnes`);
  }
  if (capacityTonnes <= 7.5) {
    return 'lcv';
  }
  if (capacityTonnes <= 16) {
    return 'mcv';
  }
  return capacityTonnes <= 25 ? 'hcv' : 'mav';
}

function factorOf(set: FactorSet, code: string): UsedFactor {
  const f = set.factors[code];
  if (!f) {
    throw new EmissionInputError('factors', `Factor version ${set.label} has no ${code}`);
  }
  return { code, ...f };
}

function checkDistance(km: number): void {
  if (!Number.isFinite(km) || km <= 0 || km > MAX_DISTANCE_KM) {
    throw new EmissionInputError('distanceKm', `The distance is more than 0 and at most ${MAX_DISTANCE_KM} km`);
  }
}

function checkPayload(tonnes: number, most: number): void {
  if (!Number.isFinite(tonnes) || tonnes <= 0 || tonnes > most) {
    throw new EmissionInputError('payloadTonnes', `The payload is more than 0 and at most ${most} tonnes`);
  }
}

function emptyShareOf(shipment: RoadShipment, set: FactorSet): { share: number; used: UsedFactor | null } {
  if (shipment.emptyShare === undefined) {
    const used = factorOf(set, 'road.empty_share');
    return { share: used.value, used };
  }
  if (!Number.isFinite(shipment.emptyShare) || shipment.emptyShare < 0 || shipment.emptyShare > 0.9) {
    throw new EmissionInputError('emptyShare', 'The empty share is between 0 and 0.9');
  }
  return { share: shipment.emptyShare, used: null };
}

/** Litres (diesel) or kilograms (CNG) the vehicle burns: loaded leg plus empty return. */
function fuelBurnt(shipment: RoadShipment, full: number, empty: number, share: number) {
  const loadFactor = shipment.payloadTonnes / shipment.capacityTonnes;
  const perLoadedKm = empty + (full - empty) * loadFactor;
  const emptyKm = (shipment.distanceKm * share) / (1 - share);
  return { loadFactor, quantity: shipment.distanceKm * perLoadedKm + emptyKm * empty };
}

const round = (n: number, places: number) => Math.round(n * 10 ** places) / 10 ** places;

/** The WTW CO2e of one truck load. */
export function roadEmissions(shipment: RoadShipment, set: FactorSet): EmissionFigure {
  checkDistance(shipment.distanceKm);
  const vehicleClass = vehicleClassOf(shipment.capacityTonnes);
  checkPayload(shipment.payloadTonnes, shipment.capacityTonnes);
  const { share, used: shareFactor } = emptyShareOf(shipment, set);
  const full = factorOf(set, `road.${vehicleClass}.${shipment.fuel}.full`);
  const empty = factorOf(set, `road.${vehicleClass}.${shipment.fuel}.empty`);
  const ttwFactor = factorOf(set, `fuel.${shipment.fuel}.ttw`);
  const wttFactor = factorOf(set, `fuel.${shipment.fuel}.wtt`);
  const { loadFactor, quantity } = fuelBurnt(shipment, full.value, empty.value, share);
  const ttwKg = quantity * ttwFactor.value;
  const wttKg = quantity * wttFactor.value;
  const tonneKm = shipment.payloadTonnes * shipment.distanceKm;
  return {
    method: ROAD_METHOD,
    mode: 'road',
    wtwKg: round(ttwKg + wttKg, 3),
    ttwKg: round(ttwKg, 3),
    wttKg: round(wttKg, 3),
    tonneKm: round(tonneKm, 3),
    intensityGPerTkm: round(((ttwKg + wttKg) * 1000) / tonneKm, 3),
    distanceKm: shipment.distanceKm,
    distanceBasis: shipment.distanceBasis,
    payloadTonnes: shipment.payloadTonnes,
    vehicleClass,
    fuel: shipment.fuel,
    loadFactor: round(loadFactor, 4),
    emptyShare: share,
    fuelQuantity: round(quantity, 3),
    fuelUnit: shipment.fuel === 'diesel' ? 'l' : 'kg',
    factorVersion: { id: set.id, label: set.label, validFrom: set.validFrom },
    factors: [full, empty, ttwFactor, wttFactor, ...(shareFactor ? [shareFactor] : [])],
  };
}

/** The WTW CO2e of a rail shipment: tonne-km × the version's WTW intensity (g CO2e/tkm). */
export function railEmissions(shipment: RailShipment, set: FactorSet): EmissionFigure {
  checkDistance(shipment.distanceKm);
  checkPayload(shipment.payloadTonnes, MAX_RAIL_TONNES);
  const intensity = factorOf(set, 'rail.wtw');
  const tonneKm = shipment.payloadTonnes * shipment.distanceKm;
  const wtwKg = (tonneKm * intensity.value) / 1000;
  return {
    method: RAIL_METHOD,
    mode: 'rail',
    wtwKg: round(wtwKg, 3),
    ttwKg: null,
    wttKg: null,
    tonneKm: round(tonneKm, 3),
    intensityGPerTkm: intensity.value,
    distanceKm: shipment.distanceKm,
    distanceBasis: shipment.distanceBasis,
    payloadTonnes: shipment.payloadTonnes,
    vehicleClass: null,
    fuel: null,
    loadFactor: null,
    emptyShare: null,
    fuelQuantity: null,
    fuelUnit: null,
    factorVersion: { id: set.id, label: set.label, validFrom: set.validFrom },
    factors: [intensity],
  };
}
