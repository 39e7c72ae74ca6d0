import { z } from 'zod';
import { listResponseSchema } from './common.ts';
import {
  type CarrierRfq,
  type ImportedLane,
  LANE_PLACE_KINDS,
  type LaneComparison,
  RFQ_STATUSES,
  type RfqDetail,
  type RfqLane,
  type RfqQuotesSaved,
  type RfqRound,
  type RfqSummary,
} from './rfq.ts';

/**
 * The declared answers of the RFQ routes (issue 34), the shipper's (`/api/rfqs`) and the invited
 * carrier's (`/api/carrier/rfqs`): one row schema for both where the answers agree (the list). Each
 * schema is checked against the service's type (rfq.ts) below, so the two cannot drift apart.
 */

/** True when A and B are each assignable to the other: the schema reads exactly the service's type. */
export type SameShape<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;

const placeSchema = z.object({ kind: z.enum(LANE_PLACE_KINDS), id: z.number().int(), label: z.string() });

/** A lane of an RFQ: its ends (labelled), vehicle type, trips a month, material and benchmark rate (rupees). */
export const rfqLaneSchema = z.object({
  id: z.number().int(),
  seq: z.number().int(),
  origin: placeSchema,
  destination: placeSchema,
  vehicleTypeId: z.number().int(),
  vehicleTypeName: z.string(),
  tripsPerMonth: z.number().int(),
  /** Null (with productName) when the RFQ hides its material from carriers. */
  productId: z.number().int().nullable(),
  productName: z.string().nullable(),
  weightTonnes: z.number().nullable(),
  benchmarkRupees: z.number().nullable(),
});

/** A quoting round: when it opened and closes, and which lanes and carriers it asks (null: all). */
export const rfqRoundSchema = z.object({
  number: z.number().int(),
  startsAt: z.string(),
  endsAt: z.string(),
  closedAt: z.string().nullable(),
  showRank: z.boolean(),
  laneIds: z.array(z.number().int()).nullable(),
  carrierLinkIds: z.array(z.number().int()).nullable(),
});

/** An RFQ as the lists give it (the shipper's and the carrier's alike). */
export const rfqSummarySchema = z.object({
  id: z.number().int(),
  number: z.string(),
  title: z.string(),
  status: z.enum(RFQ_STATUSES),
  plantId: z.number().int(),
  plantName: z.string(),
  /** The contract period, `YYYY-MM-DD`. */
  periodFrom: z.string(),
  periodTo: z.string(),
  lanes: z.number().int(),
  carriers: z.number().int(),
  /** The latest round's number (0 before the first) and its close. */
  round: z.number().int(),
  roundEndsAt: z.string().nullable(),
  updatedAt: z.string(),
});

/** One RFQ as the shipper reads it: its lanes, invited carriers and rounds. */
export const rfqDetailSchema = rfqSummarySchema.extend({
  hideMaterial: z.boolean(),
  remarks: z.string().nullable(),
  laneList: z.array(rfqLaneSchema),
  invited: z.array(z.object({ carrierLinkId: z.number().int(), name: z.string() })),
  rounds: z.array(rfqRoundSchema),
});

/** One RFQ as an invited carrier reads it: no invitation list, its own quotes, the round open to it. */
export const carrierRfqSchema = rfqDetailSchema.omit({ invited: true, carriers: true }).extend({
  myQuotes: z.array(
    z.object({
      laneId: z.number().int(),
      round: z.number().int(),
      amountRupees: z.number().nullable(),
      declined: z.boolean(),
      rank: z.number().int().nullable(),
    }),
  ),
  openRound: z
    .object({ number: z.number().int(), endsAt: z.string(), laneIds: z.array(z.number().int()).nullable(), showRank: z.boolean() })
    .nullable(),
});

/** One lane of the shipper's comparison: the latest quotes ranked, L1, spread and saving against the benchmark. */
export const laneComparisonSchema = z.object({
  laneId: z.number().int(),
  seq: z.number().int(),
  label: z.string(),
  benchmarkRupees: z.number().nullable(),
  quotes: z.array(
    z.object({
      carrierLinkId: z.number().int(),
      carrierName: z.string(),
      round: z.number().int(),
      amountRupees: z.number().nullable(),
      declined: z.boolean(),
      rank: z.number().int().nullable(),
    }),
  ),
  l1: z.number().nullable(),
  spreadRupees: z.number().nullable(),
  savingPct: z.number().nullable(),
});

/** A carrier's quotes saved (typed or from its sheet): the round, lanes sent, of them priced and declined. */
export const rfqQuotesSavedSchema = z.object({
  round: z.number().int(),
  saved: z.number().int(),
  quoted: z.number().int(),
  declined: z.number().int(),
});

const importedEnd = z.object({ kind: z.enum(LANE_PLACE_KINDS), id: z.number().int() });

/** A lane read from the lane sheet, its ends found by name: for the RFQ form to save. */
export const importedLaneSchema = z.object({
  origin: importedEnd,
  destination: importedEnd,
  originLabel: z.string(),
  destinationLabel: z.string(),
  vehicleTypeId: z.number().int(),
  tripsPerMonth: z.number().int(),
  productId: z.number().int().nullable(),
  weightTonnes: z.number().nullable(),
  benchmarkRupees: z.number().nullable(),
});

export const rfqListAnswer = listResponseSchema(rfqSummarySchema);
export const rfqAnswer = z.object({ data: rfqDetailSchema });
export const carrierRfqAnswer = z.object({ data: carrierRfqSchema });
export const rfqCompareAnswer = z.object({ data: z.array(laneComparisonSchema) });
export const rfqQuotesSavedAnswer = z.object({ data: rfqQuotesSavedSchema });
export const rfqLaneImportAnswer = z.object({ data: z.object({ lanes: z.array(importedLaneSchema) }) });
/** A round opened: its number and close. */
export const rfqRoundOpenedAnswer = z.object({ data: z.object({ round: z.number().int(), endsAt: z.string() }) });
/** The open round closed now: its number. */
export const rfqRoundClosedAnswer = z.object({ data: z.object({ round: z.number().int() }) });
/** The award: one contract per carrier awarded, and how many lanes were awarded. */
export const rfqAwardAnswer = z.object({
  data: z.object({
    contracts: z.array(z.object({ carrierLinkId: z.number().int(), contractId: z.number().int(), number: z.string() })),
    awardedLanes: z.number().int(),
  }),
});

// The schemas read exactly the services' types (a field added to one and not the other fails the build).
true satisfies SameShape<z.infer<typeof rfqLaneSchema>, RfqLane>;
true satisfies SameShape<z.infer<typeof rfqRoundSchema>, RfqRound>;
true satisfies SameShape<z.infer<typeof rfqSummarySchema>, RfqSummary>;
true satisfies SameShape<z.infer<typeof rfqDetailSchema>, RfqDetail>;
true satisfies SameShape<z.infer<typeof carrierRfqSchema>, CarrierRfq>;
true satisfies SameShape<z.infer<typeof laneComparisonSchema>, LaneComparison>;
true satisfies SameShape<z.infer<typeof rfqQuotesSavedSchema>, RfqQuotesSaved>;
true satisfies SameShape<z.infer<typeof importedLaneSchema>, ImportedLane>;
