import { z } from 'zod';
import { listQuerySchema, requiredText, statusSchema, rupeesSchema, idRef } from './common.ts';
import { ROAD_FUELS } from './emission-kinds.ts';

const withMeta = { id: z.number().int(), status: statusSchema, createdAt: z.string(), updatedAt: z.string() };
const statusQuery = listQuerySchema.extend({ status: statusSchema.optional() });
export type StatusListQuery = z.infer<typeof statusQuery>;
export const statusListQuerySchema = statusQuery;

// Products (materials)
export const PRODUCT_UNITS = ['kg', 'tonne', 'litre', 'kilolitre', 'piece', 'box', 'bag', 'drum', 'pallet', 'coil'] as const;
export const productInputSchema = z.object({
  name: requiredText('Product name', 120),
  hsnCode: z
    .string()
    .trim()
    .regex(/^(\d{4}|\d{6}|\d{8})$/, 'HSN code must be 4, 6 or 8 digits')
    .optional()
    .or(z.literal('').transform(() => undefined)),
  unit: z.enum(PRODUCT_UNITS, { error: 'Choose a unit' }),
});
export type ProductInputParsed = z.infer<typeof productInputSchema>;
export const productSchema = z.object({ ...withMeta, name: z.string(), hsnCode: z.string().nullable(), unit: z.enum(PRODUCT_UNITS) });
export type Product = z.infer<typeof productSchema>;

// Packages
export const packageInputSchema = z.object({
  name: requiredText('Package name', 120),
  unitWeightKg: z.number({ error: 'Unit weight is required' }).positive('Unit weight must be more than 0').max(100_000),
});
export type PackageInputParsed = z.infer<typeof packageInputSchema>;
export const packageSchema = z.object({ ...withMeta, name: z.string(), unitWeightKg: z.number() });
export type Package = z.infer<typeof packageSchema>;

// Vehicle types: a global catalogue plus each shipper's own.
export const VEHICLE_BODIES = ['open', 'closed', 'container', 'tanker', 'trailer', 'refrigerated'] as const;
export const vehicleTypeInputSchema = z.object({
  name: requiredText('Vehicle type', 80),
  body: z.enum(VEHICLE_BODIES, { error: 'Choose a body type' }),
  capacityTonnes: z.number({ error: 'Capacity is required' }).positive('Capacity must be more than 0').max(200),
  /** What it burns, for its emissions (issue 37); left out: diesel, or unchanged on an edit. */
  fuel: z.enum(ROAD_FUELS, { error: 'Fuel is diesel or cng' }).optional(),
});
export type VehicleTypeInputParsed = z.infer<typeof vehicleTypeInputSchema>;
export const vehicleTypeSchema = z.object({
  ...withMeta,
  name: z.string(),
  body: z.enum(VEHICLE_BODIES),
  capacityTonnes: z.number(),
  fuel: z.enum(ROAD_FUELS),
  global: z.boolean(),
});
export type VehicleType = z.infer<typeof vehicleTypeSchema>;

// Bid position visibility (industry-request-settings): what invited carriers see while bidding.
export const BID_VISIBILITIES = ['rank_only', 'rank_and_lowest', 'nothing'] as const;
export const BID_VISIBILITY_LABEL: Record<(typeof BID_VISIBILITIES)[number], string> = {
  rank_only: 'Rank only',
  rank_and_lowest: 'Rank and lowest price',
  nothing: 'Nothing',
};
export const bidVisibilityInputSchema = z.object({
  plantId: idRef().nullable().default(null),
  visibility: z.enum(BID_VISIBILITIES, { error: 'Choose what carriers see' }),
  minDecrementRupees: rupeesSchema('Minimum decrement', { allowZero: true, max: 1_000_000 }).default(0),
  antiSnipingMinutes: z.number().int().min(0).max(60, 'At most 60 minutes').default(5),
  awardWindowHours: z
    .number()
    .int('Whole hours only')
    .min(1, 'At least 1 hour')
    .max(24 * 30, 'At most 720 hours (30 days)')
    .default(48),
});
export type BidVisibilityInputParsed = z.infer<typeof bidVisibilityInputSchema>;
export const bidVisibilitySchema = z.object({
  ...withMeta,
  plantId: z.number().int().nullable(),
  plantName: z.string().nullable(),
  visibility: z.enum(BID_VISIBILITIES),
  minDecrementRupees: z.number(),
  antiSnipingMinutes: z.number().int(),
  awardWindowHours: z.number().int(),
});
export type BidVisibility = z.infer<typeof bidVisibilitySchema>;

// Payment settings (industry-payment-settings)
export const paymentSettingInputSchema = z.object({
  plantId: idRef().nullable().default(null),
  carrierLinkId: idRef().nullable().default(null),
  advancePercent: z.number().min(0, 'Advance must be 0–100 %').max(100, 'Advance must be 0–100 %'),
  balanceOnPod: z.boolean().default(true),
  creditDays: z.number().int().min(0, 'Credit days cannot be negative').max(180, 'At most 180 days'),
  /** Detention (issue 12): hours a vehicle may wait at each end free, then the rate per day, pro rata by the hour. */
  detentionFreeHours: z
    .number({ error: 'Free hours must be a number' })
    .int('Free hours must be whole hours')
    .min(0, 'Free hours cannot be negative')
    .max(240, 'At most 240 free hours')
    .default(24),
  detentionRupeesPerDay: rupeesSchema('Detention per day', { allowZero: true, max: 1_000_000 }).default(0),
});
export type PaymentSettingInputParsed = z.infer<typeof paymentSettingInputSchema>;
export const paymentSettingSchema = z.object({
  ...withMeta,
  plantId: z.number().int().nullable(),
  plantName: z.string().nullable(),
  carrierLinkId: z.number().int().nullable(),
  carrierName: z.string().nullable(),
  advancePercent: z.number(),
  balanceOnPod: z.boolean(),
  creditDays: z.number().int(),
  detentionFreeHours: z.number().int(),
  detentionRupeesPerDay: z.number(),
});
export type PaymentSetting = z.infer<typeof paymentSettingSchema>;
