import { z } from 'zod';
import { type ConsignmentNoteView, packagesSchema } from './consignment-note.ts';
import type { OrderAction } from '../status/order-actions.ts';
import { ORDER_STATUSES } from '../status/order.ts';
import { mobileSchema, vehicleNumberSchema } from '../validation/india.ts';
import type { EwayBill } from './eway-bill.ts';
import { assignVehicleFields, checkLicencePair, type Order } from './order.ts';
import { gateVerificationSchema } from './verification.ts';
import { dayQuery, idQuery, listQuerySchema, optionalText, requiredText } from './common.ts';

/**
 * Order execution: the gate (gate in, loaded / unloaded, gate out), the carrier's moves (reported,
 * arrived, delivered with proof of delivery, vehicle change), the shipper's POD decision, and what
 * the order detail and the gate board answer.
 */

/** A clock a few minutes ahead of the server's (a tablet at the gate) is not "the future". */
export const CLOCK_SKEW_MINUTES = 2;

/** "mh 12 ab-1234" → "MH12AB1234": how vehicle numbers are stored and searched. */
export const normaliseVehicleNumber = (v: string) => v.trim().toUpperCase().replace(/[\s-]/g, '');

const moment = (label: string) =>
  z.coerce
    .date({ error: `${label} must be a date and time` })
    .refine((d) => !Number.isNaN(d.getTime()), `${label} must be a date and time`);

// --- The gate -----------------------------------------------------------------------------------

/**
 * Gate in: the vehicle number the guard reads on the vehicle (checked against the order's; another
 * vehicle needs an override reason and is flagged), whether the driver was checked, and the time
 * (now when not given; never in the future, never before the vehicle reported).
 */
export const gateInBodySchema = z.object({
  at: moment('Gate in time').optional(),
  vehicleNumber: vehicleNumberSchema,
  driverChecked: z.boolean({ error: 'Say whether the driver was checked' }),
  overrideReason: optionalText(300),
  remarks: optionalText(300),
});
export type GateInBody = z.input<typeof gateInBodySchema>;

/** The largest weighbridge reading taken (kg): far above any road vehicle, below a typo of a digit too many. */
export const MAX_WEIGHT_KG = 200_000;

const kg = (label: string) =>
  z
    .number({ error: `${label} is required (kg)` })
    .min(0, `${label} cannot be negative`)
    .max(MAX_WEIGHT_KG, `${label} can be at most ${MAX_WEIGHT_KG.toLocaleString('en-IN')} kg`);

const weighFields = {
  at: moment('Time').optional(),
  grossKg: kg('Gross weight'),
  tareKg: kg('Tare weight'),
  sealNumber: optionalText(40),
  invoiceNumber: optionalText(40),
  lrNumber: optionalText(40),
  remarks: optionalText(300),
};

/** Net = gross − tare, never typed: a tare at or above the gross is a wrong reading. */
function checkWeights(v: { grossKg: number; tareKg: number }, ctx: z.RefinementCtx) {
  if (v.grossKg <= 0) {
    ctx.addIssue({ code: 'custom', path: ['grossKg'], message: 'Gross weight must be more than 0 kg' });
  } else if (v.tareKg >= v.grossKg) {
    ctx.addIssue({
      code: 'custom',
      path: ['tareKg'],
      message: 'Tare weight must be less than the gross weight (the net weight, gross − tare, must be more than 0)',
    });
  }
}

/** Loaded (outbound): weighbridge gross and tare, seal, invoice and LR numbers. */
export const loadedBodySchema = z.object(weighFields).superRefine(checkWeights);
export type LoadedBody = z.input<typeof loadedBodySchema>;

const quantity = (label: string) =>
  z
    .number({ error: `${label} must be a number` })
    .min(0, `${label} cannot be negative`)
    .max(1_000_000)
    .default(0);

/**
 * Unloaded (inbound, at the receiving plant): the same weighbridge record, plus what was short or
 * damaged. This record is the inbound receipt (the order's proof of delivery).
 */
export const unloadedBodySchema = z
  .object({ ...weighFields, shortageQty: quantity('Shortage'), damageQty: quantity('Damage') })
  .superRefine(checkWeights)
  .superRefine(checkShortageRemarks);
export type UnloadedBody = z.input<typeof unloadedBodySchema>;

/** What the guard sees in the cabin at gate out. */
export const GATE_DOCUMENTS = ['invoice', 'lr', 'eway_bill', 'weighbridge_slip'] as const;
export type GateDocument = (typeof GATE_DOCUMENTS)[number];
export const GATE_DOCUMENT_LABEL: Record<GateDocument, string> = {
  invoice: 'Invoice',
  lr: 'Lorry receipt (LR)',
  eway_bill: 'E-way bill',
  weighbridge_slip: 'Weighbridge slip',
};

/** Gate out: the time (after gate in) and the documents present. */
export const gateOutBodySchema = z.object({
  at: moment('Gate out time').optional(),
  documents: z
    .array(z.enum(GATE_DOCUMENTS, { error: `Documents are ${GATE_DOCUMENTS.join(', ')}` }))
    .max(GATE_DOCUMENTS.length)
    .default([])
    .transform((list) => [...new Set(list)]),
  remarks: optionalText(300),
  /** Outbound: the packages loaded, stated on the consignment note the gate out makes. */
  packages: packagesSchema.optional(),
});
export type GateOutBody = z.input<typeof gateOutBodySchema>;

export const GATE_EVENT_KINDS = ['gate_in', 'loaded', 'unloaded', 'gate_out'] as const;

/** One record of the gate on an order. */
export const gateEventSchema = z.object({
  kind: z.enum(GATE_EVENT_KINDS),
  at: z.string(),
  byName: z.string().nullable(),
  vehicleNumberSeen: z.string().nullable(),
  vehicleMismatch: z.boolean(),
  overrideReason: z.string().nullable(),
  driverChecked: z.boolean().nullable(),
  grossKg: z.number().nullable(),
  tareKg: z.number().nullable(),
  netKg: z.number().nullable(),
  sealNumber: z.string().nullable(),
  invoiceNumber: z.string().nullable(),
  lrNumber: z.string().nullable(),
  documentsPresent: z.array(z.string()).nullable(),
  remarks: z.string().nullable(),
});
export type GateEvent = z.infer<typeof gateEventSchema>;

// --- The gate board -----------------------------------------------------------------------------

/** Where a vehicle is, as the gate sees it. */
export const GATE_STATES = ['expected', 'reported', 'inside', 'left'] as const;
export type GateState = (typeof GATE_STATES)[number];
export const GATE_STATE_LABEL: Record<GateState, string> = {
  expected: 'Expected',
  reported: 'Reported',
  inside: 'Inside',
  left: 'Left',
};

/** `GET /api/gate/{dir}`: one plant (default: the user's first), one India day (default today). */
export const gateBoardQuerySchema = z.object({
  plantId: idQuery.optional(),
  day: dayQuery,
  state: z.enum(GATE_STATES, { error: `state must be one of ${GATE_STATES.join(', ')}` }).optional(),
  /** Vehicle number (any spacing or case), order number or carrier. */
  search: z.string().trim().max(40).optional(),
});
export type GateBoardQuery = z.infer<typeof gateBoardQuerySchema>;

export const gateBoardRowSchema = z.object({
  orderId: z.number().int(),
  orderNumber: z.string(),
  source: z.enum(['request', 'indent', 'offline']),
  status: z.enum(ORDER_STATUSES),
  statusLabel: z.string(),
  state: z.enum(GATE_STATES),
  carrierName: z.string(),
  vehicleNumber: z.string().nullable(),
  vehicleTypeName: z.string(),
  driverName: z.string().nullable(),
  driverMobile: z.string().nullable(),
  pickupAt: z.string(),
  reportedAt: z.string().nullable(),
  gateInAt: z.string().nullable(),
  gateOutAt: z.string().nullable(),
  /** Reported → gate out, in minutes, once out; while inside, the minutes so far. */
  turnaroundMinutes: z.number().int().nullable(),
  /** The order's e-way bills: none, or the worst state among the live ones. */
  ewayBillState: z.enum(['none', 'valid', 'expiring', 'expired']),
  vehicleMismatch: z.boolean(),
  /** The vehicle's and driver's documents as VAHAN and SARATHI last said (issue 37): red blocks gate in. */
  verification: gateVerificationSchema,
  /** Where the load comes from (inbound) or goes (outbound): the other end of the lane. */
  otherEnd: z.string().nullable(),
  actions: z.array(z.string()),
});
export type GateBoardRow = Omit<z.infer<typeof gateBoardRowSchema>, 'actions'> & { actions: OrderAction[] };

/**
 * `GET /api/gate/{dir}/other-days`: a guard's search beyond the day's board: the plant's vehicles
 * not out of the gate yet that the board of `day` does not list (due on a later day), by vehicle
 * number (any spacing or case), order number or carrier; page by page.
 */
export const gateOtherDaysQuerySchema = z.object({
  plantId: idQuery.optional(),
  day: dayQuery,
  search: z.string().trim().min(2, 'Type at least 2 characters of a vehicle number, order or carrier').max(40),
  page: listQuerySchema.shape.page,
  pageSize: listQuerySchema.shape.pageSize,
});
export type GateOtherDaysQuery = z.infer<typeof gateOtherDaysQuerySchema>;
/** A vehicle due on another day: its board row and that India day (YYYY-MM-DD of its pickup). */
export type GateOtherDayRow = GateBoardRow & { day: string };

export type GateBoard = {
  plant: { id: number; name: string };
  /** The plants this user may open the board of (the picker). */
  plants: { id: number; name: string }[];
  day: string;
  counts: Record<GateState, number>;
  rows: GateBoardRow[];
};

// --- Carrier moves ------------------------------------------------------------------------------

/** Reported at the plant, arrived at the destination: the carrier's taps (the body may be left out). */
/**
 * A move on the road (reported at the plant, arrived): optional remarks for the timeline, and `at`,
 * when it happened, for a move kept on a phone without network and sent later (issue 35). The
 * carrier's screen and the driver's trip link (record 0300) send the same body.
 */
export const carrierMoveBodySchema = z
  .object({
    remarks: optionalText(300),
    at: z.iso.datetime({ offset: true, error: 'A time like 2026-12-06T10:00:00Z' }).optional(),
  })
  .default({ remarks: undefined });
export type CarrierMoveBody = z.input<typeof carrierMoveBodySchema>;

/** Another vehicle or driver on an assigned or reported order: why is required. */
export const changeVehicleBodySchema = assignVehicleFields.extend({ reason: requiredText('Reason', 300) }).superRefine(checkLicencePair);
export type ChangeVehicleBody = z.input<typeof changeVehicleBodySchema>;

/** A shortage or damage says what (remarks required). */
function checkShortageRemarks(v: { shortageQty: number; damageQty: number; remarks?: string }, ctx: z.RefinementCtx) {
  if ((v.shortageQty > 0 || v.damageQty > 0) && !v.remarks) {
    ctx.addIssue({ code: 'custom', path: ['remarks'], message: 'Say what is short or damaged' });
  }
}

/** A form field as sent in multipart: '' means not given. */
const field = <T extends z.ZodType>(schema: T) => z.preprocess((v) => (v === '' || v === null ? undefined : v), schema);

/**
 * The fields of a proof of delivery (`POST /api/carrier/orders/:id/deliver`, multipart with the
 * file in `file`: a photo — JPEG, PNG, WebP — or a PDF). Multipart sends text, so numbers are
 * coerced. Delivered at: not in the future, not before the gate out.
 */
export const podFieldsSchema = z
  .object({
    receiverName: requiredText('Receiver name', 120),
    receiverMobile: field(mobileSchema.optional()),
    deliveredAt: moment('Delivered at'),
    shortageQty: field(
      z.coerce.number({ error: 'Shortage must be a number' }).min(0, 'Shortage cannot be negative').max(1_000_000).default(0),
    ),
    damageQty: field(z.coerce.number({ error: 'Damage must be a number' }).min(0, 'Damage cannot be negative').max(1_000_000).default(0)),
    remarks: optionalText(500),
  })
  .superRefine(checkShortageRemarks);
export type PodFields = z.input<typeof podFieldsSchema>;
export type PodFieldsParsed = z.infer<typeof podFieldsSchema>;

/** The file types a POD may be. */
export const POD_FILE_TYPES = ['image/jpeg', 'image/png', 'image/webp', 'application/pdf'] as const;

// --- Shipper's POD decision ---------------------------------------------------------------------

export const podAcceptBodySchema = z.object({ remarks: optionalText(300) }).default({ remarks: undefined });
export const podRejectBodySchema = z.object({ reason: requiredText('Reason', 300) });

export const POD_STATUSES = ['submitted', 'accepted', 'rejected'] as const;

/** One version of an order's proof of delivery. */
export const podSchema = z.object({
  id: z.number().int(),
  version: z.number().int(),
  status: z.enum(POD_STATUSES),
  deliveredAt: z.string(),
  receiverName: z.string(),
  receiverMobile: z.string().nullable(),
  shortageQty: z.number(),
  damageQty: z.number(),
  remarks: z.string().nullable(),
  /** A shortage or damage: shown on the order and read by its invoice. */
  hasIssue: z.boolean(),
  /** The file (an order document of kind 'pod'); null for an inbound receipt, which is the gate's record. */
  documentId: z.number().int().nullable(),
  fileName: z.string().nullable(),
  submittedByName: z.string().nullable(),
  submittedAt: z.string(),
  decidedByName: z.string().nullable(),
  decidedAt: z.string().nullable(),
  decisionReason: z.string().nullable(),
});
export type Pod = z.infer<typeof podSchema>;

// --- Order detail -------------------------------------------------------------------------------

/** One place on the order's lane (a snapshot taken when the order was placed). */
export const orderStopSchema = z.object({
  seq: z.number().int(),
  kind: z.enum(['pickup', 'drop']),
  label: z.string(),
  city: z.string().nullable(),
  latitude: z.number().nullable(),
  longitude: z.number().nullable(),
  geofenceRadius: z.number().int().nullable(),
  plantId: z.number().int().nullable(),
  addressId: z.number().int().nullable(),
  stopId: z.number().int().nullable(),
});
export type OrderStop = z.infer<typeof orderStopSchema>;

/** One line of the order's timeline: the move, who (user and company; null name: the platform itself), when, why. */
export const orderTimelineEntrySchema = z.object({
  from: z.string().nullable(),
  to: z.string(),
  by: z.number().int().nullable(),
  byName: z.string().nullable(),
  byCompany: z.string().nullable(),
  /** "Asha Kulkarni, Demo Industries", or "Freightdesk (automatic)" for the platform's own moves. */
  byLabel: z.string(),
  reason: z.string().nullable(),
  at: z.string(),
});
export type OrderTimelineEntry = z.infer<typeof orderTimelineEntrySchema>;

/**
 * `GET /api/orders/{dir}/:id`, `GET /api/offline-orders/{dir}/:id` and `GET /api/carrier/orders/:id`:
 * the order with everything its page shows, and the actions the viewer may take on it right now.
 */
export type OrderDetail = Order & {
  lane: OrderStop[];
  ewayBills: EwayBill[];
  /** The newest POD version (null before delivery) and every version, newest first. */
  pod: Pod | null;
  podVersions: Pod[];
  gateEvents: GateEvent[];
  timeline: OrderTimelineEntry[];
  actions: OrderAction[];
  /** The consignment note (LR), once made at gate out or by the carrier. */
  consignmentNote: ConsignmentNoteView | null;
};
