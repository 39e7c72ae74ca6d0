import { z } from 'zod';
import { type ListResponse, listQuerySchema, rupeesSchema } from './common.ts';

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

/** The carrier's requests page: Live (scheduled and open) and Finished (closed and awarded). */
export const CARRIER_REQUEST_TABS = ['live', 'finished'] as const;
export type CarrierRequestTab = (typeof CARRIER_REQUEST_TABS)[number];

/** `GET /api/carrier/requests`: one tab, searched and paged on the server (the list's own order, no sort). */
export const carrierRequestListQuerySchema = listQuerySchema.omit({ sort: true }).extend({
  tab: z.enum(CARRIER_REQUEST_TABS, { error: 'tab must be live or finished' }).default('live'),
});
export type CarrierRequestListQuery = z.infer<typeof carrierRequestListQuerySchema>;

/** A page of one tab with both tabs' counts under the same search (at most LIST_COUNT_CAP each). */
export type CarrierRequestList = ListResponse<CarrierRequest> & { counts: Record<CarrierRequestTab, number> };
