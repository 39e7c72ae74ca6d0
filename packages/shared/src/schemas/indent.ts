import { z } from 'zod';
import { externalRefQuery, externalRefSchema, idList, idQuery, idRef, listQuerySchema, optionalText, requiredText } from './common.ts';

/**
 * Indents (issue 11): a shipper asks for vehicles on a contracted lane; the carriers holding the
 * lane (then the backups) are asked one at a time, each within a deadline; what nobody takes
 * becomes a spot indent that opens a prefilled transport request.
 */
export const INDENT_STATUSES = ['open', 'fulfilled', 'spot', 'cancelled'] as const;
export type IndentStatus = (typeof INDENT_STATUSES)[number];
export const INDENT_STATUS_LABEL: Record<IndentStatus, string> = {
  open: 'Waiting for carrier',
  fulfilled: 'Accepted',
  spot: 'Spot indent',
  cancelled: 'Cancelled',
};

/** One carrier's turn in an indent's waterfall. */
export const ALLOCATION_STATUSES = ['queued', 'offered', 'accepted', 'rejected', 'expired', 'passed', 'skipped'] as const;
export type AllocationStatus = (typeof ALLOCATION_STATUSES)[number];
export const ALLOCATION_STATUS_LABEL: Record<AllocationStatus, string> = {
  queued: 'Next in line',
  offered: 'Asked, waiting',
  accepted: 'Accepted',
  rejected: 'Rejected',
  expired: 'Did not answer in time',
  passed: 'Passed on by the shipper',
  skipped: 'Not needed',
};

/**
 * When the carrier answered its turn: only an accepted or rejected turn has an answer time. A turn
 * that timed out or that the shipper passed on was never answered, whatever an older row holds.
 */
export function answerTimeOf<T>(status: AllocationStatus, answeredAt: T | null): T | null {
  return status === 'accepted' || status === 'rejected' ? answeredAt : null;
}

/** How long a carrier has to answer, by default (the product's 2 h) and at the extremes. */
export const INDENT_ANSWER_MINUTES = { default: 120, min: 15, max: 1440 } as const;
export const MAX_INDENT_VEHICLES = 100;
export const MAX_INDENT_BATCH = 50;

const reportingAt = z
  .unknown()
  .refine((v) => v !== undefined && v !== null && v !== '', { message: 'Reporting date and time is required', abort: true })
  .pipe(
    z.coerce
      .date({ error: 'Reporting date and time must be a date and time' })
      .refine((d) => !Number.isNaN(d.getTime()), 'Reporting date and time must be a date and time'),
  );

const vehicles = z
  .number({ error: 'Number of vehicles is required' })
  .int('Number of vehicles must be a whole number')
  .min(1, 'At least 1 vehicle')
  .max(MAX_INDENT_VEHICLES, `At most ${MAX_INDENT_VEHICLES} vehicles in one indent`);

/** The carriers asked after the primary, in order (each a My Carriers link of the shipper). */
export const backupCarriersSchema = idList('Backup carriers');

export const indentInputSchema = z.object({
  /** The contracted lane (an RFQ lane some active contract of the shipper holds). */
  laneId: idRef('Choose a contracted lane'),
  vehicles,
  reportingAt,
  productId: idRef().nullable().default(null),
  weightTonnes: z.number().positive('Weight must be more than 0').max(1000, 'Weight can be at most 1000 t').nullable().default(null),
  remarks: optionalText(1000),
  answerMinutes: z
    .number({ error: 'Answer within is required' })
    .int('Answer within must be whole minutes')
    .min(INDENT_ANSWER_MINUTES.min, `Carriers need at least ${INDENT_ANSWER_MINUTES.min} minutes to answer`)
    .max(INDENT_ANSWER_MINUTES.max, 'Answer within can be at most 24 hours')
    .default(INDENT_ANSWER_MINUTES.default),
  /** Null: the lane's contract shares pick (the carrier most behind its share this month first). */
  primaryCarrierLinkId: idRef().nullable().default(null),
  backupCarrierLinkIds: backupCarriersSchema,
  /** The ERP's own reference (unique within the shipper). */
  externalRef: externalRefSchema,
});
export type IndentInput = z.input<typeof indentInputSchema>;
export type IndentInputParsed = z.infer<typeof indentInputSchema>;

/** One indent or a batch placed at once (each its own number, one batch id). */
export const indentBatchSchema = z.object({
  indents: z
    .array(indentInputSchema, { error: 'indents must be a list' })
    .min(1, 'Add at least one indent')
    .max(MAX_INDENT_BATCH, `At most ${MAX_INDENT_BATCH} indents at once`),
});

/** An edit before any carrier has accepted: the when, how many and what (the lane stays). */
export const indentEditSchema = z.object({
  vehicles,
  reportingAt,
  productId: idRef().nullable().default(null),
  weightTonnes: z.number().positive('Weight must be more than 0').max(1000, 'Weight can be at most 1000 t').nullable().default(null),
  remarks: optionalText(1000),
  /** The ERP's own reference: this indent's only (a batch edit leaves the others' own). */
  externalRef: externalRefSchema,
  /** false edits the whole batch's open indents (reporting time, material, remarks; each keeps its vehicles). */
  single: z.boolean().default(true),
});
export type IndentEdit = z.input<typeof indentEditSchema>;

export const indentBackupsSchema = z.object({ backupCarrierLinkIds: backupCarriersSchema });

export const indentAnswerSchema = z.discriminatedUnion(
  'answer',
  [z.object({ answer: z.literal('accept'), vehicles }), z.object({ answer: z.literal('reject'), reason: requiredText('Reason', 500) })],
  { error: 'answer must be accept or reject' },
);
export type IndentAnswer = z.infer<typeof indentAnswerSchema>;

export const indentCancelSchema = z.object({ reason: requiredText('Reason', 500) });

export const indentListQuerySchema = listQuerySchema.extend({
  status: z.enum(INDENT_STATUSES).optional(),
  contractId: idQuery.optional(),
  plantId: idQuery.optional(),
  /** The indent with this ERP reference (exact). */
  externalRef: externalRefQuery,
});
export type IndentListQuery = z.infer<typeof indentListQuerySchema>;

/** Contracted lanes an indent can be placed on (the picker), searched by place names. */
export const indentLaneQuerySchema = listQuerySchema.extend({ plantId: idQuery.optional() });

export type IndentLane = {
  /** The RFQ lane id: the indent's `laneId`. */
  id: number;
  label: string;
  plantId: number;
  plantName: string;
  vehicleTypeId: number;
  vehicleTypeName: string;
  productId: number | null;
  weightTonnes: number | null;
  /** The carriers holding it now, with share and rate. */
  carriers: {
    carrierLinkId: number;
    carrierName: string;
    contractId: number;
    contractNumber: string;
    sharePct: number;
    rateRupees: number;
  }[];
};

export type IndentSummary = {
  id: number;
  number: string;
  batchId: string;
  status: IndentStatus;
  plantId: number;
  plantName: string;
  laneId: number;
  laneLabel: string;
  requestType: 1 | 2;
  vehicleTypeName: string;
  vehicles: number;
  acceptedVehicles: number;
  spotVehicles: number;
  reportingAt: string;
  /** The carrier asked now, and until when (null when nobody is being asked). */
  currentCarrierName: string | null;
  answerBy: string | null;
  /** The ERP's own reference, or null. */
  externalRef: string | null;
  updatedAt: string;
};

export type IndentAllocation = {
  id: number;
  seq: number;
  carrierLinkId: number;
  carrierName: string;
  /** The carrier's own contract on the lane (null for a backup without one: it is paid the primary's rate). */
  contractId: number | null;
  contractNumber: string | null;
  rateRupees: number;
  role: 'primary' | 'backup';
  status: AllocationStatus;
  vehiclesAsked: number | null;
  vehiclesAccepted: number;
  offeredAt: string | null;
  deadlineAt: string | null;
  answeredAt: string | null;
  reason: string | null;
};

export type IndentDetail = IndentSummary & {
  productId: number | null;
  productName: string | null;
  weightTonnes: number | null;
  remarks: string | null;
  answerMinutes: number;
  cancelReason: string | null;
  spotRequestId: number | null;
  allocations: IndentAllocation[];
  orders: { id: number; number: string; status: string; carrierName: string; priceRupees: number; vehicleNumber: string | null }[];
};

/** What the carrier sees of an indent addressed to it: its own turn only, never the other carriers. */
export type CarrierIndent = {
  id: number;
  number: string;
  shipperName: string;
  laneLabel: string;
  vehicleTypeName: string;
  productName: string | null;
  weightTonnes: number | null;
  reportingAt: string;
  remarks: string | null;
  rateRupees: number;
  allocationId: number;
  status: AllocationStatus;
  vehiclesAsked: number | null;
  vehiclesAccepted: number;
  deadlineAt: string | null;
  answeredAt: string | null;
  reason: string | null;
  orders: { id: number; number: string; status: string; requestType: 1 | 2 }[];
};

export const carrierIndentListQuerySchema = listQuerySchema.extend({
  pending: z.stringbool({ error: 'pending must be true or false' }).optional(),
});

/** The transport request a spot indent opens (`request/{dir}/new/spot-indent/{id}`), to prefill the form. */
export type SpotIndentPrefill = {
  indentId: number;
  indentNumber: string;
  requestType: 1 | 2;
  plantId: number;
  pickupAddressId: number | null;
  dropoffs: { addressId?: number; stopId?: number }[];
  vehicleTypeId: number;
  vehicleCount: number;
  productId: number | null;
  weightTonnes: number | null;
  pickupAt: string;
  remarks: string;
  /** The lane's contract rate: a target for the auction. */
  targetPriceRupees: number;
};
