import { z } from 'zod';
import { mobileSchema } from '../validation/india.ts';
import { optionalText, requiredText } from './common.ts';
import { checkShortageRemarks, moment } from './execution.ts';

/**
 * The proof of delivery: the fields the carrier (or the driver's trip link) sends with the file,
 * the shipper's decision on it, and a version of it as an order shows it.
 */

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
