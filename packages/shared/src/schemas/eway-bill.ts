import { z } from 'zod';
import { EWAY_MAX_DISTANCE_KM, EWAY_STATES, type EwayBillState, ewayBillNumberSchema } from '../eway-bill.ts';
import { gstinSchema, pinSchema, vehicleNumberSchema } from '../validation/india.ts';
import { optionalText, requiredText, rupeesSchema } from './common.ts';

const distanceKm = z
  .number({ error: 'Distance is required' })
  .int('Distance is whole kilometres')
  .min(1, 'Distance must be at least 1 km')
  .max(EWAY_MAX_DISTANCE_KM, `Distance can be at most ${EWAY_MAX_DISTANCE_KM} km`);

/**
 * An e-way bill to record on an order: its number (the e-way bill system fills the rest), and,
 * only when that system cannot be reached, the bill's details typed from the paper copy.
 */
export const ewayBillInputSchema = z.object({
  number: ewayBillNumberSchema,
  overDimensional: z.boolean().default(false),
  manual: z
    .object({
      generatedAt: z.coerce.date({ error: 'Generated date must be a date and time' }),
      distanceKm,
      valueRupees: rupeesSchema('Value'),
      fromGstin: gstinSchema,
      toGstin: z.union([gstinSchema, z.literal('').transform(() => undefined)]).optional(),
      vehicleNumber: z.union([vehicleNumberSchema, z.literal('').transform(() => undefined)]).optional(),
    })
    .optional(),
});
export type EwayBillInput = z.input<typeof ewayBillInputSchema>;
export type EwayBillInputParsed = z.infer<typeof ewayBillInputSchema>;

export const ewayBillLookupSchema = z.object({ number: ewayBillNumberSchema });

/** NIC's extension reasons (extnRsnCode). */
export const EWAY_EXTEND_REASONS = { 1: 'Natural calamity', 2: 'Law and order', 3: 'Transhipment', 4: 'Accident', 99: 'Others' } as const;
/** NIC's cancellation reasons (cancelRsnCode). */
export const EWAY_CANCEL_REASONS = { 1: 'Duplicate', 2: 'Order cancelled', 3: 'Data entry mistake', 4: 'Others' } as const;

const reasonCode = <T extends Record<number, string>>(codes: T, label: string) =>
  z.coerce.number({ error: `Choose a ${label}` }).refine((c) => Object.hasOwn(codes, c), `Choose a ${label}`);

const NIC_STATE_CODES = new Set(EWAY_STATES.map((s) => s.nic));

/**
 * An extension, as NIC's EXTENDVALIDITY takes it: the distance left, why, and where the vehicle is
 * now (place, PIN and state; the form suggests them from the order's last position).
 */
export const ewayBillExtendSchema = z.object({
  remainingKm: distanceKm,
  reasonCode: reasonCode(EWAY_EXTEND_REASONS, 'reason for the extension'),
  remarks: requiredText('Remarks', 200),
  fromPlace: requiredText('Current place', 50),
  fromPincode: pinSchema,
  fromState: z.coerce
    .number({ error: 'Choose the state the vehicle is in' })
    .refine((c) => NIC_STATE_CODES.has(c), 'Choose the state the vehicle is in'),
});
export type EwayBillExtendInput = z.input<typeof ewayBillExtendSchema>;

/** Where the vehicle is now, suggested for an extension, and what the suggestion rests on. */
export type EwayExtensionSuggestion = {
  fromPlace: string | null;
  fromPincode: string | null;
  fromState: number | null;
  /** Road kilometres from there to the last stop, when both are known. */
  remainingKm: number | null;
  /** `position`: the order's last position (`at`); `pickup`: no position, the pickup stop. */
  basis: 'position' | 'pickup' | 'none';
  at: string | null;
};
export const ewayBillCancelSchema = z.object({
  reasonCode: reasonCode(EWAY_CANCEL_REASONS, 'reason for the cancellation'),
  remarks: optionalText(200),
});

/** An e-way bill as the API answers it. */
export type EwayBill = {
  id: number;
  orderId: number;
  number: string;
  generatedAt: string;
  distanceKm: number;
  overDimensional: boolean;
  validUntil: string;
  valueRupees: number;
  fromGstin: string;
  toGstin: string | null;
  vehicleNumber: string | null;
  status: 'active' | 'cancelled';
  state: EwayBillState;
  extensions: number;
  source: 'provider' | 'manual';
  /** Where this bill disagrees with the order (another vehicle in Part B). */
  warnings: string[];
};
