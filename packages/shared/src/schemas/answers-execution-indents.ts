import { z } from 'zod';
import { dataAnswer } from './answers.ts';
import { listResponseSchema } from './common.ts';
import {
  ALLOCATION_STATUSES,
  type CarrierIndent,
  INDENT_STATUSES,
  type IndentAllocation,
  type IndentDetail,
  type IndentLane,
  type IndentSummary,
  type SpotIndentPrefill,
} from './indent.ts';

/**
 * The declared answers of indents (issue 34, record 0286): the shipper's indents (list, detail and
 * every change of one, which answers the detail again), the lanes to indent on, the spot request's
 * prefill, and the carrier's turns. The carrier sees its own turn only, never the other carriers:
 * its row is its own schema, not the shipper's.
 */

const direction = z.union([z.literal(1), z.literal(2)]);

/** An indent as the shipper's list shows it. */
export const indentSummarySchema = z.object({
  id: z.number().int(),
  number: z.string(),
  /** The indents placed together share it. */
  batchId: z.string(),
  status: z.enum(INDENT_STATUSES),
  plantId: z.number().int(),
  plantName: z.string(),
  /** The RFQ lane it is placed on. */
  laneId: z.number().int(),
  laneLabel: z.string(),
  requestType: direction,
  vehicleTypeName: z.string(),
  vehicles: z.number().int(),
  acceptedVehicles: z.number().int(),
  spotVehicles: z.number().int(),
  reportingAt: z.string(),
  /** The carrier asked now, and until when (null when nobody is being asked). */
  currentCarrierName: z.string().nullable(),
  answerBy: z.string().nullable(),
  /** The ERP's own reference, or null. */
  externalRef: z.string().nullable(),
  updatedAt: z.string(),
}) satisfies z.ZodType<IndentSummary>;

/** One carrier's turn in an indent's waterfall, as the shipper sees it. */
export const indentAllocationSchema = z.object({
  id: z.number().int(),
  seq: z.number().int(),
  carrierLinkId: z.number().int(),
  carrierName: z.string(),
  /** The carrier's own contract on the lane (null for a backup without one: it is paid the primary's rate). */
  contractId: z.number().int().nullable(),
  contractNumber: z.string().nullable(),
  rateRupees: z.number(),
  role: z.enum(['primary', 'backup']),
  status: z.enum(ALLOCATION_STATUSES),
  vehiclesAsked: z.number().int().nullable(),
  vehiclesAccepted: z.number().int(),
  offeredAt: z.string().nullable(),
  deadlineAt: z.string().nullable(),
  answeredAt: z.string().nullable(),
  reason: z.string().nullable(),
}) satisfies z.ZodType<IndentAllocation>;

/** One indent with its waterfall and the orders its acceptances made. */
export const indentDetailSchema = indentSummarySchema.extend({
  productId: z.number().int().nullable(),
  productName: z.string().nullable(),
  weightTonnes: z.number().nullable(),
  remarks: z.string().nullable(),
  answerMinutes: z.number().int(),
  cancelReason: z.string().nullable(),
  /** The transport request opened for what nobody took. */
  spotRequestId: z.number().int().nullable(),
  allocations: z.array(indentAllocationSchema),
  orders: z.array(
    z.object({
      id: z.number().int(),
      number: z.string(),
      /** The order's status (an ORDER_STATUSES value). */
      status: z.string(),
      carrierName: z.string(),
      priceRupees: z.number(),
      vehicleNumber: z.string().nullable(),
    }),
  ),
}) satisfies z.ZodType<IndentDetail>;

/** A contracted lane an indent can be placed on, with the carriers holding it now. */
export const indentLaneSchema = z.object({
  /** The RFQ lane id: the indent's `laneId`. */
  id: z.number().int(),
  label: z.string(),
  plantId: z.number().int(),
  plantName: z.string(),
  vehicleTypeId: z.number().int(),
  vehicleTypeName: z.string(),
  productId: z.number().int().nullable(),
  weightTonnes: z.number().nullable(),
  carriers: z.array(
    z.object({
      carrierLinkId: z.number().int(),
      carrierName: z.string(),
      contractId: z.number().int(),
      contractNumber: z.string(),
      sharePct: z.number(),
      rateRupees: z.number(),
    }),
  ),
}) satisfies z.ZodType<IndentLane>;

/** The transport request a spot indent opens, to prefill its form. */
export const spotIndentPrefillSchema = z.object({
  indentId: z.number().int(),
  indentNumber: z.string(),
  requestType: direction,
  plantId: z.number().int(),
  pickupAddressId: z.number().int().nullable(),
  dropoffs: z.array(z.object({ addressId: z.number().int().optional(), stopId: z.number().int().optional() })),
  vehicleTypeId: z.number().int(),
  vehicleCount: z.number().int(),
  productId: z.number().int().nullable(),
  weightTonnes: z.number().nullable(),
  pickupAt: z.string(),
  remarks: z.string(),
  /** The lane's contract rate: a target for the auction. */
  targetPriceRupees: z.number(),
}) satisfies z.ZodType<SpotIndentPrefill>;

/** An indent as the carrier it is addressed to sees it: its own turn only. */
export const carrierIndentSchema = z.object({
  id: z.number().int(),
  number: z.string(),
  shipperName: z.string(),
  laneLabel: z.string(),
  vehicleTypeName: z.string(),
  productName: z.string().nullable(),
  weightTonnes: z.number().nullable(),
  reportingAt: z.string(),
  remarks: z.string().nullable(),
  rateRupees: z.number(),
  allocationId: z.number().int(),
  status: z.enum(ALLOCATION_STATUSES),
  vehiclesAsked: z.number().int().nullable(),
  vehiclesAccepted: z.number().int(),
  deadlineAt: z.string().nullable(),
  answeredAt: z.string().nullable(),
  reason: z.string().nullable(),
  /** The orders its acceptance made. */
  orders: z.array(z.object({ id: z.number().int(), number: z.string(), status: z.string(), requestType: direction })),
}) satisfies z.ZodType<CarrierIndent>;

export const indentListAnswer = listResponseSchema(indentSummarySchema);
/** Indents placed (one or a batch), as the list shows them. */
export const indentsPlacedAnswer = dataAnswer(z.array(indentSummarySchema));
export const indentAnswer = dataAnswer(indentDetailSchema);
export const indentLaneListAnswer = listResponseSchema(indentLaneSchema);
export const spotIndentPrefillAnswer = dataAnswer(spotIndentPrefillSchema);
export const carrierIndentListAnswer = listResponseSchema(carrierIndentSchema);
export const carrierIndentAnswer = dataAnswer(carrierIndentSchema);
