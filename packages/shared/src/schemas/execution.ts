import { z } from 'zod';
import { packagesSchema } from './consignment-note.ts';
import { vehicleNumberSchema } from '../validation/india.ts';
import { assignVehicleFields, checkLicencePair } from './order.ts';
import { optionalText, requiredText } from './common.ts';

/**
 * Order execution: the gate's moves (gate in, loaded / unloaded, gate out) and the carrier's moves
 * on the road (reported, arrived, vehicle change). The gate board is in gate-board.ts, the proof of
 * delivery (the carrier's and the shipper's) in pod.ts, what an order's page answers in order-detail.ts.
 */

/** A clock a few minutes ahead of the server's (a tablet at the gate) is not "the future". */
export const CLOCK_SKEW_MINUTES = 2;

import { normaliseVehicleNumber } from '../vehicle-number.ts';
import { indianNumber } from '../indian-number.ts';
export { normaliseVehicleNumber };

/** A date and time field (coerced from text), its label in the message. */
export const moment = (label: string) =>
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
    .max(MAX_WEIGHT_KG, `${label} can be at most ${indianNumber(MAX_WEIGHT_KG)} kg`);

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

/** A shortage or damage says what (remarks required). */
export function checkShortageRemarks(v: { shortageQty: number; damageQty: number; remarks?: string }, ctx: z.RefinementCtx) {
  if ((v.shortageQty > 0 || v.damageQty > 0) && !v.remarks) {
    ctx.addIssue({ code: 'custom', path: ['remarks'], message: 'Say what is short or damaged' });
  }
}

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
