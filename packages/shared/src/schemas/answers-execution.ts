import { z } from 'zod';
import { dataAnswer } from './answers.ts';
import type { ConsignmentNoteView } from './consignment-note.ts';
import type { EwayBill, EwayExtensionSuggestion } from './eway-bill.ts';
import { podSchema } from './pod.ts';
import type { InvoiceParty } from './invoice-views.ts';

/**
 * The declared answers of order execution (issue 34, record 0286): the order's e-way bills, its
 * consignment note, its proof of delivery, its documents, and the bulk call of offline orders. The
 * shipper's and the carrier's routes of the same record answer the same row. A move of an order
 * (gate, carrier, POD decision, cancel, offline create and edit) answers the order: `orderAnswer`
 * in answers.ts.
 */

/** Where an e-way bill stands now (`ewayBillState` in eway-bill.ts). */
export const EWAY_BILL_STATES = ['valid', 'expiring', 'expired', 'cancelled'] as const;

/** An e-way bill recorded on an order, as the shipper and the carrier read it: value in rupees. */
export const ewayBillSchema = z.object({
  id: z.number().int(),
  orderId: z.number().int(),
  number: z.string(),
  generatedAt: z.string(),
  distanceKm: z.number().int(),
  overDimensional: z.boolean(),
  validUntil: z.string(),
  valueRupees: z.number(),
  fromGstin: z.string(),
  toGstin: z.string().nullable(),
  vehicleNumber: z.string().nullable(),
  status: z.enum(['active', 'cancelled']),
  state: z.enum(EWAY_BILL_STATES),
  /** How many times its validity was extended. */
  extensions: z.number().int(),
  /** `provider`: read from the e-way bill system; `manual`: typed from the paper copy. */
  source: z.enum(['provider', 'manual']),
  /** Where this bill disagrees with the order (another vehicle in Part B). */
  warnings: z.array(z.string()),
}) satisfies z.ZodType<EwayBill>;

export const ewayBillAnswer = dataAnswer(ewayBillSchema);
export const ewayBillListAnswer = dataAnswer(z.array(ewayBillSchema));

/**
 * A bill as the e-way bill system holds it, looked up before it is recorded (nothing is stored):
 * its value in paise as the system gives it, and in rupees.
 */
export const ewayBillLookupAnswer = dataAnswer(
  z.object({
    number: z.string(),
    generatedAt: z.string(),
    distanceKm: z.number().int(),
    validUntil: z.string(),
    overDimensional: z.boolean(),
    valuePaise: z.number().int(),
    valueRupees: z.number(),
    fromGstin: z.string(),
    toGstin: z.string().nullable(),
    vehicleNumber: z.string().nullable(),
    status: z.enum(['active', 'cancelled']),
    extensions: z.number().int(),
  }),
);

/** Where the vehicle is now, suggested for an extension of a bill, and what the suggestion rests on. */
export const ewayExtensionAnswer = dataAnswer(
  z.object({
    fromPlace: z.string().nullable(),
    fromPincode: z.string().nullable(),
    /** NIC's state code. */
    fromState: z.number().int().nullable(),
    remainingKm: z.number().nullable(),
    basis: z.enum(['position', 'pickup', 'none']),
    at: z.string().nullable(),
  }) satisfies z.ZodType<EwayExtensionSuggestion>,
);

/** A party as a consignment note states it (kept as it stood when the note was made). */
export const notePartySchema = z.object({
  name: z.string(),
  address: z.string().nullable(),
  city: z.string().nullable(),
  state: z.string().nullable(),
  pincode: z.string().nullable(),
  gstin: z.string().nullable(),
  pan: z.string().nullable(),
}) satisfies z.ZodType<InvoiceParty>;

/** A consignment note (lorry receipt, LR) of an order, as the shipper and the carrier read it. */
export const consignmentNoteSchema = z.object({
  id: z.number().int(),
  number: z.string(),
  financialYear: z.string(),
  noteDate: z.string(),
  /** Made at the plant's gate out, or by the carrier before. */
  source: z.enum(['gate_out', 'carrier']),
  orderNumber: z.string(),
  issuedAt: z.string(),
  details: z.object({
    carrier: notePartySchema,
    consignor: notePartySchema,
    consignees: z.array(notePartySchema),
    from: z.string(),
    to: z.string(),
    goods: z.string().nullable(),
    packages: z.number().int().nullable(),
    weightKg: z.number().nullable(),
    weightSource: z.enum(['weighbridge', 'order']).nullable(),
    vehicleNumber: z.string().nullable(),
    vehicleType: z.string().nullable(),
    driverName: z.string().nullable(),
    driverMobile: z.string().nullable(),
    ewayBills: z.array(z.string()),
    shipperInvoiceNumber: z.string().nullable(),
    sealNumber: z.string().nullable(),
    paperLrNumber: z.string().nullable(),
  }),
}) satisfies z.ZodType<ConsignmentNoteView>;

export const consignmentNoteAnswer = dataAnswer(consignmentNoteSchema);

/** Every version of an order's proof of delivery (inbound: its receipt), newest first. */
export const podListAnswer = dataAnswer(z.array(podSchema));
