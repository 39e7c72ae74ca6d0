import { z } from 'zod';
import type { SameShape } from './answers-procurement-rfq.ts';
import { listResponseSchema } from './common.ts';
import { CONTRACT_STATUSES, type ContractDetail, type ContractOrder, type ContractPerformance, type ContractSummary } from './contract.ts';
import { requestTypeSchema } from './request.ts';

/**
 * The declared answers of the contract routes (issue 34): the shipper's (`/api/contracts`) and the
 * carrier's (`/api/carrier/contracts`) read the same rows, so both declare these schemas. Money in
 * rupees, dates of the period `YYYY-MM-DD`, moments as ISO text.
 */

/** A contract as the lists give it. */
export const contractSummarySchema = z.object({
  id: z.number().int(),
  number: z.string(),
  status: z.enum(CONTRACT_STATUSES),
  /** The RFQ whose award made it. */
  rfqId: z.number().int().nullable(),
  rfqNumber: z.string().nullable(),
  plantId: z.number().int(),
  plantName: z.string(),
  carrierLinkId: z.number().int(),
  carrierName: z.string(),
  validFrom: z.string(),
  validTo: z.string(),
  lanes: z.number().int(),
  updatedAt: z.string(),
});

/** A lane of a contract: this carrier's share and rate, and every rate it has had. */
export const contractLaneSchema = z.object({
  id: z.number().int(),
  rfqLaneId: z.number().int(),
  seq: z.number().int(),
  label: z.string(),
  vehicleTypeName: z.string(),
  tripsPerMonth: z.number().int(),
  sharePct: z.number().int(),
  shareTripsPerMonth: z.number(),
  rateRupees: z.number(),
  history: z.array(z.object({ rateRupees: z.number(), reason: z.string(), at: z.string() })),
});

/** One contract: the summary, its SLA, termination and lanes. */
export const contractDetailSchema = contractSummarySchema.extend({
  slaText: z.string().nullable(),
  terminatedAt: z.string().nullable(),
  terminationReason: z.string().nullable(),
  laneList: z.array(contractLaneSchema),
});

/** How the carrier has served the contract: indent turns, orders, on-time placement, each lane this month. */
export const contractPerformanceSchema = z.object({
  turnsAsked: z.number().int(),
  turnsAccepted: z.number().int(),
  turnsRejected: z.number().int(),
  turnsExpired: z.number().int(),
  vehiclesAsked: z.number().int(),
  vehiclesAccepted: z.number().int(),
  acceptancePct: z.number().nullable(),
  orders: z.number().int(),
  ordersDelivered: z.number().int(),
  onTimePlacementPct: z.number().nullable(),
  lanes: z.array(
    z.object({
      contractLaneId: z.number().int(),
      label: z.string(),
      sharePct: z.number().int(),
      takenThisMonth: z.number().int(),
      laneTakenThisMonth: z.number().int(),
    }),
  ),
});

/** An order placed on the contract (through its indents). */
export const contractOrderSchema = z.object({
  id: z.number().int(),
  number: z.string(),
  status: z.string(),
  requestType: requestTypeSchema,
  indentId: z.number().int().nullable(),
  indentNumber: z.string().nullable(),
  vehicleNumber: z.string().nullable(),
  priceRupees: z.number(),
  pickupAt: z.string(),
});

export const contractListAnswer = listResponseSchema(contractSummarySchema);
export const contractAnswer = z.object({ data: contractDetailSchema });
export const contractPerformanceAnswer = z.object({ data: contractPerformanceSchema });
export const contractOrderListAnswer = listResponseSchema(contractOrderSchema);

true satisfies SameShape<z.infer<typeof contractSummarySchema>, ContractSummary>;
true satisfies SameShape<z.infer<typeof contractDetailSchema>, ContractDetail>;
true satisfies SameShape<z.infer<typeof contractPerformanceSchema>, ContractPerformance>;
true satisfies SameShape<z.infer<typeof contractOrderSchema>, ContractOrder>;
