import { z } from 'zod';

export const placeBidBodySchema = z.object({
  amountRupees: z.number({ error: 'Amount is required' }).positive('Amount must be more than 0').max(100_000_000),
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
