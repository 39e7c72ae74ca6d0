import type { Factor } from './schemas/emissions.ts';

/**
 * The Indian default factor version seeded by migration 0048 (`IN-DEFAULT-2026`, valid from
 * 2026-04-01, the start of FY 2026-27). Its tests and docs/emissions.md quote these sources; a test
 * checks the migration seeded exactly these values. A company plugs in its own by adding a version.
 */

const IPCC = 'IPCC 2006 Guidelines Vol. 2 Ch. 3 (Tables 3.2.1, 3.2.2), AR5 GWP100 (CH4 28, N2O 265)';
const GLEC = 'GLEC Framework v3.0 (Smart Freight Centre, 2023), fuel emission factors, well-to-tank';
const SURVEY = 'Malik & Tiwari, Energy Policy 108 (2017) 121-133: interstate freight vehicles fuel economy on Indian National Highways';
const EMPTY = 'Freightdesk assumption (record 0308): empty consumption 75% of laden, GLEC Framework v3 linear load model';
const CNG = 'Derived (record 0308): diesel l/km x 35.8 MJ/l / 48.0 MJ/kg CNG (IPCC 2006 NCVs) x 1.15 spark-ignition penalty';

const fuel = (value: number, unit: string, source: string, sourceDate: string): Factor => ({ value, unit, source, sourceDate });

/** Laden diesel consumption, l/km, by class (8, 4.5, 3.7 and 3.0 km/l). */
const DIESEL_FULL = { lcv: 0.125, mcv: 0.222, hcv: 0.27, mav: 0.333 } as const;
const CNG_PER_DIESEL_L = (35.8 / 48.0) * 1.15;

function consumption(): Record<string, Factor> {
  const out: Record<string, Factor> = {};
  for (const [cls, full] of Object.entries(DIESEL_FULL)) {
    out[`road.${cls}.diesel.full`] = fuel(full, 'l/km', SURVEY, '2017-08-01');
    out[`road.${cls}.diesel.empty`] = fuel(Math.round(full * 0.75 * 1000) / 1000, 'l/km', EMPTY, '2023-09-01');
    out[`road.${cls}.cng.full`] = fuel(Math.round(full * CNG_PER_DIESEL_L * 1000) / 1000, 'kg/km', CNG, '2006-01-01');
    out[`road.${cls}.cng.empty`] = fuel(Math.round(full * 0.75 * CNG_PER_DIESEL_L * 1000) / 1000, 'kg/km', CNG, '2006-01-01');
  }
  return out;
}

export const DEFAULT_FACTOR_VERSION = {
  label: 'IN-DEFAULT-2026',
  validFrom: '2026-04-01',
  note: 'Indian defaults shipped with Freightdesk; review before filing (docs/emissions.md)',
  factors: {
    // 74.1 kg CO2/GJ x 43.0 GJ/t x 0.832 t/kl = 2.651; CH4 and N2O (3.9 kg/TJ each) add 0.004 + 0.037.
    'fuel.diesel.ttw': fuel(2.69, 'kg CO2e/l', IPCC, '2006-01-01'),
    'fuel.diesel.wtt': fuel(0.61, 'kg CO2e/l', GLEC, '2023-09-01'),
    // 56.1 kg CO2/GJ x 48.0 GJ/t = 2.693; CH4 92 kg/TJ x 28 adds 0.124, N2O 3 kg/TJ x 265 adds 0.038.
    'fuel.cng.ttw': fuel(2.85, 'kg CO2e/kg', IPCC, '2006-01-01'),
    'fuel.cng.wtt': fuel(0.55, 'kg CO2e/kg', GLEC, '2023-09-01'),
    ...consumption(),
    'road.empty_share': fuel(
      0.3,
      'share of km',
      'NITI Aayog & RMI, Fast Tracking Freight in India (2021): empty running of Indian trucks',
      '2021-06-01',
    ),
    'rail.wtw': fuel(9, 'g CO2e/tkm', 'Ministry of Railways, Rail Green Points (FOIS): rail 0.009 kg CO2 per tonne-km', '2022-03-21'),
  } satisfies Record<string, Factor>,
};
