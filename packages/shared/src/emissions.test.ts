import { describe, expect, it } from 'vitest';
import { DEFAULT_FACTOR_VERSION } from './emission-defaults.ts';
import { EmissionInputError, type FactorSet, railEmissions, roadEmissions, vehicleClassOf } from './emissions.ts';

/**
 * Worked cases (issue 37): each figure's arithmetic is written beside it, from the seeded Indian
 * defaults (emission-defaults.ts). Sources of the factors used:
 * - diesel TTW 2.69 kg CO2e/l, CNG TTW 2.85 kg CO2e/kg: IPCC 2006 Vol. 2 Ch. 3, AR5 GWP100;
 * - diesel WTT 0.61 kg CO2e/l, CNG WTT 0.55 kg CO2e/kg: GLEC Framework v3.0 (2023);
 * - laden diesel l/km (LCV 0.125, MCV 0.222, HCV 0.27, MAV 0.333): Malik & Tiwari 2017;
 *   empty = 75% of laden (HCV 0.203); CNG kg/km derived by energy (MCV 0.19);
 * - default empty running 0.3: NITI Aayog & RMI 2021; rail 9 g CO2e/tkm: Ministry of Railways 2022.
 * Diesel WTW per litre = 2.69 + 0.61 = 3.30 kg; CNG WTW per kg = 2.85 + 0.55 = 3.40 kg.
 */
const set: FactorSet = { id: 1, ...DEFAULT_FACTOR_VERSION };
const road = (over: Partial<Parameters<typeof roadEmissions>[0]>) =>
  roadEmissions(
    { distanceKm: 500, distanceBasis: 'planned', payloadTonnes: 21, capacityTonnes: 21, fuel: 'diesel', emptyShare: 0, ...over },
    set,
  );

describe('emissions: worked cases', () => {
  it('1. road, full load: 10-wheeler (21 t, HCV) diesel, 500 km, no empty return', () => {
    const f = road({});
    // fuel = 500 km x 0.27 l/km = 135 l; TTW = 135 x 2.69 = 363.15; WTT = 135 x 0.61 = 82.35; WTW = 445.5 kg
    expect(f.fuelQuantity).toBeCloseTo(135, 6);
    expect(f.ttwKg).toBeCloseTo(363.15, 3);
    expect(f.wttKg).toBeCloseTo(82.35, 3);
    expect(f.wtwKg).toBeCloseTo(445.5, 3);
    // 21 t x 500 km = 10 500 tkm; 445 500 g / 10 500 tkm = 42.429 g/tkm
    expect(f.tonneKm).toBe(10500);
    expect(f.intensityGPerTkm).toBeCloseTo(42.429, 3);
    expect(f.vehicleClass).toBe('hcv');
    expect(f.factors.map((x) => x.code)).toEqual(['road.hcv.diesel.full', 'road.hcv.diesel.empty', 'fuel.diesel.ttw', 'fuel.diesel.wtt']);
    expect(f.factorVersion).toEqual({ id: 1, label: 'IN-DEFAULT-2026', validFrom: '2026-04-01' });
  });

  it('2. road, part load: the same truck half full (10.5 t, load factor 0.5)', () => {
    const f = road({ payloadTonnes: 10.5 });
    // l/km = 0.203 + (0.27 - 0.203) x 0.5 = 0.2365; fuel = 500 x 0.2365 = 118.25 l; WTW = 118.25 x 3.30 = 390.225 kg
    expect(f.loadFactor).toBe(0.5);
    expect(f.fuelQuantity).toBeCloseTo(118.25, 6);
    expect(f.wtwKg).toBeCloseTo(390.225, 3);
    // 10.5 t x 500 km = 5 250 tkm; 390 225 / 5 250 = 74.329 g/tkm (a half-empty truck is less efficient)
    expect(f.intensityGPerTkm).toBeCloseTo(74.329, 3);
  });

  it('3. road, empty return: the full truck comes back empty (half of its running empty)', () => {
    const f = road({ emptyShare: 0.5 });
    // empty km = 500 x 0.5 / (1 - 0.5) = 500; fuel = 135 + 500 x 0.203 = 236.5 l; WTW = 236.5 x 3.30 = 780.45 kg
    expect(f.fuelQuantity).toBeCloseTo(236.5, 6);
    expect(f.wtwKg).toBeCloseTo(780.45, 3);
  });

  it("4. road, the version's default empty running (0.3)", () => {
    const f = road({ emptyShare: undefined });
    // empty km = 500 x 0.3 / 0.7 = 214.2857; fuel = 135 + 214.2857 x 0.203 = 178.5 l; WTW = 178.5 x 3.30 = 589.05 kg
    expect(f.emptyShare).toBe(0.3);
    expect(f.fuelQuantity).toBeCloseTo(178.5, 3);
    expect(f.wtwKg).toBeCloseTo(589.05, 3);
    expect(f.factors.map((x) => x.code)).toContain('road.empty_share');
  });

  it('5. road, CNG: 19 ft (9 t, MCV) full, 300 km', () => {
    const f = road({ fuel: 'cng', capacityTonnes: 9, payloadTonnes: 9, distanceKm: 300 });
    // fuel = 300 x 0.19 kg/km = 57 kg; TTW = 57 x 2.85 = 162.45; WTT = 57 x 0.55 = 31.35; WTW = 193.8 kg
    expect(f.fuelUnit).toBe('kg');
    expect(f.ttwKg).toBeCloseTo(162.45, 3);
    expect(f.wttKg).toBeCloseTo(31.35, 3);
    expect(f.wtwKg).toBeCloseTo(193.8, 3);
    // 9 t x 300 km = 2 700 tkm; 193 800 / 2 700 = 71.778 g/tkm
    expect(f.intensityGPerTkm).toBeCloseTo(71.778, 3);
  });

  it('6. rail: 30 t over 1 400 km', () => {
    const f = railEmissions({ distanceKm: 1400, distanceBasis: 'planned', payloadTonnes: 30 }, set);
    // 30 t x 1 400 km = 42 000 tkm x 9 g = 378 000 g = 378 kg WTW
    expect(f.tonneKm).toBe(42000);
    expect(f.wtwKg).toBeCloseTo(378, 6);
    expect(f.ttwKg).toBeNull();
    expect(f.factors.map((x) => x.code)).toEqual(['rail.wtw']);
  });

  it('7. small vehicle: Tata Ace (1 t, LCV) full, 50 km', () => {
    const f = road({ capacityTonnes: 1, payloadTonnes: 1, distanceKm: 50 });
    // fuel = 50 x 0.125 = 6.25 l; WTW = 6.25 x 3.30 = 20.625 kg; 50 tkm -> 412.5 g/tkm
    expect(f.vehicleClass).toBe('lcv');
    expect(f.wtwKg).toBeCloseTo(20.625, 3);
    expect(f.intensityGPerTkm).toBeCloseTo(412.5, 3);
  });

  it('8. large vehicle: 14-wheeler (30 t, multi-axle) full, 800 km', () => {
    const f = road({ capacityTonnes: 30, payloadTonnes: 30, distanceKm: 800 });
    // fuel = 800 x 0.333 = 266.4 l; WTW = 266.4 x 3.30 = 879.12 kg; 24 000 tkm -> 36.63 g/tkm
    expect(f.vehicleClass).toBe('mav');
    expect(f.wtwKg).toBeCloseTo(879.12, 3);
    expect(f.intensityGPerTkm).toBeCloseTo(36.63, 3);
  });

  it('9. tracked distance in place of the planned one: 540 km tracked on the 500 km lane', () => {
    const planned = road({});
    const tracked = road({ distanceKm: 540, distanceBasis: 'tracked' });
    // fuel = 540 x 0.27 = 145.8 l; WTW = 145.8 x 3.30 = 481.14 kg (planned: 445.5 kg)
    expect(tracked.wtwKg).toBeCloseTo(481.14, 3);
    expect(tracked.distanceBasis).toBe('tracked');
    expect(tracked.wtwKg - planned.wtwKg).toBeCloseTo(35.64, 3);
  });
});

describe('emissions: classes and refusals', () => {
  it('classes a truck by its rated payload at the edges', () => {
    expect([1, 7.5, 7.6, 16, 16.1, 25, 25.1, 60].map(vehicleClassOf)).toEqual(['lcv', 'lcv', 'mcv', 'mcv', 'hcv', 'hcv', 'mav', 'mav']);
  });

  it.each([
    [{ payloadTonnes: 22 }, 'payloadTonnes'],
    [{ payloadTonnes: 0 }, 'payloadTonnes'],
    [{ distanceKm: 0 }, 'distanceKm'],
    [{ distanceKm: 5001 }, 'distanceKm'],
    [{ distanceKm: Number.NaN }, 'distanceKm'],
    [{ capacityTonnes: 0 }, 'capacityTonnes'],
    [{ capacityTonnes: 61, payloadTonnes: 61 }, 'capacityTonnes'],
    [{ emptyShare: 0.95 }, 'emptyShare'],
    [{ emptyShare: -0.1 }, 'emptyShare'],
  ])('refuses %o naming %s (never clamps)', (over, field) => {
    const run = () => road(over);
    expect(run).toThrow(EmissionInputError);
    try {
      run();
    } catch (e) {
      expect((e as EmissionInputError).field).toBe(field);
    }
  });

  it('refuses a factor version without the code it needs', () => {
    const { 'rail.wtw': _, ...rest } = set.factors;
    expect(() => railEmissions({ distanceKm: 10, distanceBasis: 'planned', payloadTonnes: 1 }, { ...set, factors: rest })).toThrow(
      /has no rail.wtw/,
    );
  });
});
