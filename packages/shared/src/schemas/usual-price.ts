import { z } from 'zod';
import { MAX_ID } from '../constants.ts';
import { idQuery } from './common.ts';

export const priceBasisSchema = z.enum(['trip', 'tonne']);
export type PriceBasis = z.infer<typeof priceBasisSchema>;

/**
 * The usual price of a lane: `history` is the median of the shipper's own past orders on it
 * (low = high), `distance` a sanity band from the road distance and the load.
 */
export const priceBandSchema = z.object({
  low: z.number(),
  high: z.number(),
  basis: priceBasisSchema,
  source: z.enum(['history', 'distance']),
  roadKm: z.number(),
  tonnesPerVehicle: z.number(),
  /** Past orders the median was taken over (0 for a distance band). */
  orders: z.number().int(),
});
export type PriceBand = z.infer<typeof priceBandSchema>;

/** A drop-off in a query: `a12` (client address 12) or `s3` (location 3), comma-separated, in order. */
const dropoffList = z
  .string()
  .max(400)
  .regex(/^([as]\d{1,10})(,[as]\d{1,10}){0,19}$/, 'dropoffs must be a12 (client address) or s3 (location) items, comma-separated')
  .refine((v) => v.split(',').every((d) => Number(d.slice(1)) >= 1 && Number(d.slice(1)) <= MAX_ID), 'No such record')
  .transform((v) => v.split(',').map((d) => ({ kind: d[0] === 'a' ? ('address' as const) : ('stop' as const), id: Number(d.slice(1)) })));

/** `GET /api/requests/{dir}/usual-price`: the lane and load of the request being filled in. */
export const usualPriceQuerySchema = z.object({
  plantId: idQuery,
  vehicleTypeId: idQuery,
  /** Outbound: where the load goes, in order. */
  dropoffs: dropoffList.optional(),
  /** Inbound: the vendor address the load comes from. */
  pickupAddressId: idQuery.optional(),
  weightTonnes: z.coerce.number().positive('weightTonnes must be more than 0').max(1000),
  vehicleCount: z.coerce.number().int().min(1).max(500).default(1),
  priceBasis: priceBasisSchema.default('trip'),
});
export type UsualPriceQuery = z.infer<typeof usualPriceQuerySchema>;
