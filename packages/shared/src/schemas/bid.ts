import { z } from 'zod';
import { rupeesSchema } from './common.ts';

export const placeBidBodySchema = z.object({
  amountRupees: rupeesSchema('Amount'),
  vehicles: z.number({ error: 'Vehicles are required' }).int().min(1, 'At least 1 vehicle'),
  /** Send the same key when retrying a call: the bid is placed once. */
  idempotencyKey: z.string().trim().min(8).max(100).optional(),
});
export type PlaceBidBody = z.infer<typeof placeBidBodySchema>;

/** What a carrier sees of its own position, as the shipper's visibility setting allows. */
export const bidPositionSchema = z.object({
  amountRupees: z.number(),
  vehicles: z.number().int(),
  rank: z.number().int().nullable(),
  lowestRupees: z.number().nullable(),
  bidEndAt: z.string(),
  revisions: z.number().int(),
});
export type BidPosition = z.infer<typeof bidPositionSchema>;

export const rankedBidSchema = z.object({
  id: z.number().int(),
  rank: z.number().int(),
  carrierLinkId: z.number().int(),
  carrierName: z.string(),
  amountRupees: z.number(),
  vehicles: z.number().int(),
  bidAt: z.string(),
  revisions: z.number().int(),
  savingRupees: z.number().nullable(),
  savingPercent: z.number().nullable(),
});
export type RankedBid = z.infer<typeof rankedBidSchema>;

/** One revision of a bid: the amount and vehicles offered, when and by whom. */
export const bidRevisionSchema = z.object({
  amountRupees: z.number(),
  vehicles: z.number().int(),
  at: z.string(),
  byName: z.string().nullable(),
});
export type BidRevision = z.infer<typeof bidRevisionSchema>;

/** A carrier's outcome on a request once awards are made. */
export const BID_OUTCOMES = ['pending', 'awarded', 'regret'] as const;

/** A request as an invited carrier sees it, with its own live position. */
export const carrierRequestSchema = z.object({
  id: z.number().int(),
  number: z.string(),
  requestType: z.number().int(),
  status: z.string(),
  shipperName: z.string(),
  plantName: z.string(),
  pickupLabel: z.string(),
  dropoffLabels: z.array(z.string()),
  vehicleTypeName: z.string(),
  /** Null when the shipper hides the material. */
  productName: z.string().nullable(),
  weightTonnes: z.number(),
  vehicleCount: z.number().int(),
  pickupAt: z.string(),
  bidStartAt: z.string(),
  bidEndAt: z.string(),
  priceBasis: z.string(),
  hideMaterial: z.boolean(),
  remarks: z.string().nullable(),
  myBid: bidPositionSchema.nullable(),
  /** The shipper's minimum step between a carrier's revisions (0: any lower amount). */
  minDecrementRupees: z.number(),
  /** A bid in the last N minutes extends the end by N (0: no extension). */
  antiSnipingMinutes: z.number().int(),
  outcome: z.enum(BID_OUTCOMES),
  awardedVehicles: z.number().int(),
});
export type CarrierRequest = z.infer<typeof carrierRequestSchema>;
