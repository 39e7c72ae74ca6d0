import { z } from 'zod';
import { idList, idRef, listQuerySchema, optionalText, requiredText, rupeesSchema } from './common.ts';

/** RFQs and contracts (issue 11): the calls' bodies and answers. */

export const RFQ_STATUSES = ['draft', 'open', 'closed', 'awarded', 'cancelled'] as const;
export type RfqStatus = (typeof RFQ_STATUSES)[number];
export const RFQ_STATUS_LABEL: Record<RfqStatus, string> = {
  draft: 'Draft',
  open: 'Quoting',
  closed: 'Quotes closed',
  awarded: 'Awarded',
  cancelled: 'Cancelled',
};
export const LANE_PLACE_KINDS = ['plant', 'stop', 'address'] as const;
/** The most lanes one RFQ takes (typed or imported). */
export const MAX_RFQ_LANES = 1000;

const day = (label: string) =>
  z
    .string({ error: `${label} is required` })
    .regex(/^\d{4}-\d{2}-\d{2}$/, `${label} must be a date (YYYY-MM-DD)`)
    .refine(
      (s) => !Number.isNaN(Date.parse(`${s}T00:00:00Z`)) && new Date(`${s}T00:00:00Z`).toISOString().startsWith(s),
      `${label} must be a real date`,
    );

const place = (label: string) =>
  z.object(
    {
      kind: z.enum(LANE_PLACE_KINDS, { error: `${label}: choose a plant, a location or an address` }),
      id: idRef(`Choose the ${label.toLowerCase()}`),
    },
    { error: `${label} is required` },
  );

export const rfqLaneInputSchema = z.object({
  origin: place('Origin'),
  destination: place('Destination'),
  vehicleTypeId: idRef('Choose a vehicle type'),
  tripsPerMonth: z
    .number({ error: 'Trips per month is required' })
    .int('Trips per month must be a whole number')
    .min(1, 'Trips per month must be at least 1')
    .max(10_000, 'Trips per month can be at most 10,000'),
  productId: idRef().nullable().default(null),
  weightTonnes: z.number().positive('Weight must be more than 0').max(1000, 'Weight can be at most 1000 t').nullable().default(null),
  benchmarkRupees: rupeesSchema('Benchmark rate').nullable().default(null),
});
export type RfqLaneInput = z.input<typeof rfqLaneInputSchema>;

export const rfqInputSchema = z
  .object({
    title: requiredText('Title', 150),
    plantId: idRef('Choose a plant'),
    periodFrom: day('Contract from'),
    periodTo: day('Contract to'),
    hideMaterial: z.boolean().default(false),
    remarks: optionalText(1000),
    lanes: z
      .array(rfqLaneInputSchema, { error: 'Add at least one lane' })
      .min(1, 'Add at least one lane')
      .max(MAX_RFQ_LANES, `At most ${MAX_RFQ_LANES} lanes`),
    carrierLinkIds: idList('Carriers'),
    /** Carrier groups: their active members are invited with the carriers chosen one by one. */
    groupIds: idList('Groups'),
  })
  .superRefine((v, ctx) => {
    if (v.carrierLinkIds.length + v.groupIds.length === 0) {
      ctx.addIssue({ code: 'custom', path: ['carrierLinkIds'], message: 'Invite at least one carrier or group' });
    }
    if (v.periodTo < v.periodFrom) {
      ctx.addIssue({ code: 'custom', path: ['periodTo'], message: 'Contract to must be on or after contract from' });
    }
    v.lanes.forEach((l, i) => {
      if (l.origin.kind === l.destination.kind && l.origin.id === l.destination.id) {
        ctx.addIssue({ code: 'custom', path: ['lanes', i, 'destination'], message: 'Destination must differ from the origin' });
      }
    });
  });
export type RfqInput = z.input<typeof rfqInputSchema>;
export type RfqInputParsed = z.infer<typeof rfqInputSchema>;

/** Opening a round: round 1 to every lane and carrier; later rounds to the chosen ones. */
export const rfqRoundInputSchema = z.object({
  endsAt: z.coerce.date({ error: 'Quotes close must be a date and time' }),
  laneIds: idList('Lanes').optional(),
  carrierLinkIds: idList('Carriers').optional(),
  showRank: z.boolean().default(false),
});
export type RfqRoundInput = z.input<typeof rfqRoundInputSchema>;

/** A carrier's quotes: an amount per trip, or the lane declined. */
export const rfqQuotesInputSchema = z.object({
  quotes: z
    .array(
      z
        .object({
          laneId: idRef('Choose a lane'),
          amountRupees: rupeesSchema('Rate').optional(),
          declined: z.boolean().default(false),
        })
        .superRefine((q, ctx) => {
          if (!q.declined && q.amountRupees === undefined) {
            ctx.addIssue({ code: 'custom', path: ['amountRupees'], message: 'Rate is required (or decline the lane)' });
          }
          if (q.declined && q.amountRupees !== undefined) {
            ctx.addIssue({ code: 'custom', path: ['amountRupees'], message: 'A declined lane has no rate' });
          }
        }),
      { error: 'Quotes must be a list' },
    )
    .min(1, 'Quote at least one lane')
    .max(MAX_RFQ_LANES, `At most ${MAX_RFQ_LANES} quotes at once`),
});
export type RfqQuotesInput = z.input<typeof rfqQuotesInputSchema>;

/** Award per lane: one or more carriers with shares (%) that sum to 100. */
export const rfqAwardInputSchema = z.object({
  lanes: z
    .array(
      z
        .object({
          laneId: idRef('Choose a lane'),
          splits: z
            .array(
              z.object({
                carrierLinkId: idRef('Choose a carrier'),
                sharePct: z
                  .number({ error: 'Share is required' })
                  .int('Share must be a whole per cent')
                  .min(1, 'Share must be 1–100%')
                  .max(100, 'Share must be 1–100%'),
              }),
            )
            .min(1, 'Award the lane to at least one carrier')
            .max(10, 'At most 10 carriers on a lane'),
        })
        .superRefine((l, ctx) => {
          const total = l.splits.reduce((s, x) => s + x.sharePct, 0);
          if (total !== 100) {
            ctx.addIssue({ code: 'custom', path: ['splits'], message: `Shares must add up to 100% (now ${total}%)` });
          }
          if (new Set(l.splits.map((x) => x.carrierLinkId)).size !== l.splits.length) {
            ctx.addIssue({ code: 'custom', path: ['splits'], message: 'A carrier appears twice on the lane' });
          }
        }),
    )
    .min(1, 'Award at least one lane')
    .max(MAX_RFQ_LANES),
  slaText: optionalText(5000),
});
export type RfqAwardInput = z.input<typeof rfqAwardInputSchema>;

export const rfqListQuerySchema = listQuerySchema.extend({ status: z.enum(RFQ_STATUSES).optional() });
export type RfqListQuery = z.infer<typeof rfqListQuerySchema>;

export type RfqLane = {
  id: number;
  seq: number;
  origin: { kind: (typeof LANE_PLACE_KINDS)[number]; id: number; label: string };
  destination: { kind: (typeof LANE_PLACE_KINDS)[number]; id: number; label: string };
  vehicleTypeId: number;
  vehicleTypeName: string;
  tripsPerMonth: number;
  productId: number | null;
  productName: string | null;
  weightTonnes: number | null;
  benchmarkRupees: number | null;
};

export type RfqRound = {
  number: number;
  startsAt: string;
  endsAt: string;
  closedAt: string | null;
  showRank: boolean;
  laneIds: number[] | null;
  carrierLinkIds: number[] | null;
};

export type RfqSummary = {
  id: number;
  number: string;
  title: string;
  status: RfqStatus;
  plantId: number;
  plantName: string;
  periodFrom: string;
  periodTo: string;
  lanes: number;
  carriers: number;
  round: number;
  roundEndsAt: string | null;
  updatedAt: string;
};

export type RfqDetail = RfqSummary & {
  hideMaterial: boolean;
  remarks: string | null;
  laneList: RfqLane[];
  invited: { carrierLinkId: number; name: string }[];
  rounds: RfqRound[];
};

/** The shipper's comparison of one lane: the latest round's quotes ranked, with spread and savings. */
export type LaneComparison = {
  laneId: number;
  seq: number;
  label: string;
  benchmarkRupees: number | null;
  quotes: {
    carrierLinkId: number;
    carrierName: string;
    round: number;
    amountRupees: number | null;
    declined: boolean;
    rank: number | null;
  }[];
  /** L1 − benchmark, negative when L1 beats it. */
  l1: number | null;
  spreadRupees: number | null;
  savingPct: number | null;
};

/** The answer to a carrier's quotes (typed or from its sheet): lanes sent, of them priced and declined. */
export type RfqQuotesSaved = { round: number; saved: number; quoted: number; declined: number };

/** What a carrier sees of an RFQ: its lanes (without the material when the shipper hides it), the round, its own quotes. */
export type CarrierRfq = Omit<RfqDetail, 'invited' | 'carriers'> & {
  myQuotes: { laneId: number; round: number; amountRupees: number | null; declined: boolean; rank: number | null }[];
  /** The round now open to this carrier (its lanes: null = every lane), or null. */
  openRound: { number: number; endsAt: string; laneIds: number[] | null; showRank: boolean } | null;
};

/** A lane of `POST /api/rfqs/lanes/import`'s answer: ends found by name, labelled as the app shows them. */
export type ImportedLane = {
  origin: { kind: (typeof LANE_PLACE_KINDS)[number]; id: number };
  destination: { kind: (typeof LANE_PLACE_KINDS)[number]; id: number };
  originLabel: string;
  destinationLabel: string;
  vehicleTypeId: number;
  tripsPerMonth: number;
  productId: number | null;
  weightTonnes: number | null;
  benchmarkRupees: number | null;
};
