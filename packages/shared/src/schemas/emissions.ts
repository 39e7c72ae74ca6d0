import { z } from 'zod';
import { dataAnswer } from './answers.ts';
import { requiredText } from './common.ts';
import { ROAD_FUELS, TRANSPORT_MODES, VEHICLE_CLASSES } from './emission-kinds.ts';

/**
 * Emission factors and figures (issue 37, record 0308). A factor version is a complete, dated set
 * of the codes below, each with its value, unit, source and the source's date; a figure names the
 * version and the factors it used.
 */

export { ROAD_FUELS, type RoadFuel, TRANSPORT_MODES, type TransportMode, VEHICLE_CLASSES, type VehicleClass } from './emission-kinds.ts';

const consumptionCodes = VEHICLE_CLASSES.flatMap((c) => ROAD_FUELS.flatMap((f) => [`road.${c}.${f}.full`, `road.${c}.${f}.empty`]));

/** Every code a factor version must carry. */
export const FACTOR_CODES = [
  'fuel.diesel.ttw',
  'fuel.diesel.wtt',
  'fuel.cng.ttw',
  'fuel.cng.wtt',
  ...consumptionCodes,
  'road.empty_share',
  'rail.wtw',
] as const;

/** Upper bounds a factor's value must stay under (a value past one is a typing error, refused). */
export const FACTOR_LIMITS: Record<string, number> = {
  'fuel.diesel.ttw': 10,
  'fuel.diesel.wtt': 10,
  'fuel.cng.ttw': 10,
  'fuel.cng.wtt': 10,
  'road.empty_share': 0.9,
  'rail.wtw': 200,
};
/** Litres or kilograms per km: no truck burns a litre a km. */
const CONSUMPTION_LIMIT = 1;

export const limitOf = (code: string): number => FACTOR_LIMITS[code] ?? CONSUMPTION_LIMIT;

const daySchema = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'Use YYYY-MM-DD')
  .refine((d) => !Number.isNaN(Date.parse(`${d}T00:00:00Z`)) && new Date(`${d}T00:00:00Z`).toISOString().startsWith(d), 'No such day');

/** One factor as stored and as a figure names it. */
export const factorSchema = z.object({
  value: z.number().finite().nonnegative('A factor is never negative'),
  unit: requiredText('Unit', 40),
  source: requiredText('Source', 300),
  sourceDate: daySchema,
});
export type Factor = z.infer<typeof factorSchema>;

const factorsShape = Object.fromEntries(
  FACTOR_CODES.map((code) => [code, factorSchema.refine((f) => f.value <= limitOf(code), `At most ${limitOf(code)}`)]),
) as Record<(typeof FACTOR_CODES)[number], typeof factorSchema>;

/** A new factor version: every code, dated from today or later (earlier figures keep their version). */
export const factorVersionInputSchema = z.object({
  label: requiredText('Label', 60),
  validFrom: daySchema,
  note: z.string().trim().max(500, 'At most 500 characters').optional(),
  factors: z.object(factorsShape).strict(),
});
export type FactorVersionInput = z.infer<typeof factorVersionInputSchema>;

export const factorVersionSchema = z.object({
  id: z.number().int(),
  /** Null: the platform's default; else the shipper's own version. */
  industryId: z.number().int().nullable(),
  label: z.string(),
  validFrom: z.string(),
  note: z.string().nullable(),
  factors: z.record(z.string(), factorSchema),
  createdAt: z.string(),
});
export type FactorVersion = z.infer<typeof factorVersionSchema>;

/** A factor as a figure names it. */
export const usedFactorSchema = factorSchema.extend({ code: z.string() });
export type UsedFactor = z.infer<typeof usedFactorSchema>;

/** The emissions of one shipment (kg CO2e), with what they were computed from. */
export const emissionFigureSchema = z.object({
  method: z.string(),
  mode: z.enum(TRANSPORT_MODES),
  wtwKg: z.number(),
  /** Null where the source gives well-to-wheel only (rail). */
  ttwKg: z.number().nullable(),
  wttKg: z.number().nullable(),
  tonneKm: z.number(),
  intensityGPerTkm: z.number(),
  distanceKm: z.number(),
  distanceBasis: z.enum(['planned', 'tracked']),
  payloadTonnes: z.number(),
  vehicleClass: z.enum(VEHICLE_CLASSES).nullable(),
  fuel: z.enum(ROAD_FUELS).nullable(),
  loadFactor: z.number().nullable(),
  emptyShare: z.number().nullable(),
  fuelQuantity: z.number().nullable(),
  fuelUnit: z.string().nullable(),
  factorVersion: z.object({ id: z.number().int(), label: z.string(), validFrom: z.string() }),
  factors: z.array(usedFactorSchema),
});
export type EmissionFigure = z.infer<typeof emissionFigureSchema>;

/** The same load by rail: the rail leg between the stations nearest the lane's ends, and the trucks to and from them. */
export const railAlternativeSchema = z.object({
  fromStation: z.string(),
  toStation: z.string(),
  wtwKg: z.number(),
  rail: emissionFigureSchema,
  /** The first and last mile by the order's own vehicle; null when both ends are at the stations. */
  firstLastMile: emissionFigureSchema.nullable(),
});
export type RailAlternative = z.infer<typeof railAlternativeSchema>;

/** An order's figure, or why there is none (no weight, no distance), and the rail alternative. */
export const orderEmissionsSchema = z.object({
  orderId: z.number().int(),
  figure: emissionFigureSchema.nullable(),
  /** final: stored when the trip ended; estimate: computed now with today's inputs. */
  basis: z.enum(['final', 'estimate']).nullable(),
  unavailable: z.string().nullable(),
  /** The same load by rail, where the lane's ends lie near one rail corridor. */
  byRail: railAlternativeSchema.nullable(),
});
export type OrderEmissions = z.infer<typeof orderEmissionsSchema>;

export const factorVersionAnswer = dataAnswer(factorVersionSchema);
export const factorVersionListAnswer = dataAnswer(z.array(factorVersionSchema));
export const orderEmissionsAnswer = dataAnswer(orderEmissionsSchema);
