import { z } from 'zod';
import { mobileSchema } from '../validation/india.ts';
import { gstinSchema } from '../validation/india.ts';
import { planInvoiceSummarySchema } from './plan-billing.ts';
import { listQuerySchema, requiredText, statusSchema, rupeesSchema, idRef } from './common.ts';

/** Plan catalogue row (admin). Prices in rupees on the wire, paise in the database. */
export const planInputSchema = z.object({
  name: requiredText('Plan name', 80),
  priceRupees: rupeesSchema('Price', { allowZero: true }),
  durationDays: z.number({ error: 'Duration is required' }).int().min(1, 'At least 1 day').max(3650),
  noOfMembers: z.number({ error: 'Members limit is required' }).int().min(1, 'At least 1 member').max(10_000),
  noOfPlants: z.number({ error: 'Plants limit is required' }).int().min(1, 'At least 1 plant').max(10_000),
});
export type PlanInputParsed = z.infer<typeof planInputSchema>;

export const planSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  priceRupees: z.number(),
  durationDays: z.number().int(),
  noOfMembers: z.number().int(),
  noOfPlants: z.number().int(),
  status: statusSchema,
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Plan = z.infer<typeof planSchema>;
export const planListQuerySchema = listQuerySchema.extend({ status: statusSchema.optional() });
export type PlanListQuery = z.infer<typeof planListQuerySchema>;

/** The admin's shipper list: also those whose plan ends within a number of days (the dashboard's "plans ending"). */
export const shipperListQuerySchema = planListQuerySchema.extend({
  planEndsWithinDays: z.coerce.number().int().min(1, 'At least 1 day').max(366, 'At most 366 days').optional(),
});
export type ShipperListQuery = z.infer<typeof shipperListQuerySchema>;

export const joiningFeeSchema = z.object({
  amountRupees: rupeesSchema('Amount', { allowZero: true }),
  note: z.string().trim().max(500).default(''),
});
export type JoiningFee = z.infer<typeof joiningFeeSchema>;

export const PAYMENT_STATUSES = ['awaiting_confirmation', 'paid', 'cancelled'] as const;
export const PAYMENT_STATUS_LABEL: Record<(typeof PAYMENT_STATUSES)[number], string> = {
  awaiting_confirmation: 'Awaiting confirmation',
  paid: 'Paid',
  cancelled: 'Cancelled',
};
export const paymentSchema = z.object({
  id: z.number().int(),
  industryId: z.number().int(),
  industryName: z.string(),
  purpose: z.enum(['plan', 'joining-fee']),
  planName: z.string().nullable(),
  /** What is payable: the plan's price plus GST. */
  amountRupees: z.number(),
  taxableRupees: z.number(),
  cgstRupees: z.number(),
  sgstRupees: z.number(),
  igstRupees: z.number(),
  /** The reference the payer quotes with the transfer (FD-PAY-12). */
  reference: z.string(),
  /** Where to pay, while the payment awaits confirmation. */
  account: z.object({ bankAccountName: z.string(), bankAccountNumber: z.string(), bankIfsc: z.string(), bankName: z.string() }).nullable(),
  /** The platform's tax invoice, once the payment is confirmed. */
  invoice: planInvoiceSummarySchema.nullable(),
  provider: z.string(),
  providerRef: z.string().nullable(),
  status: z.enum(PAYMENT_STATUSES),
  instructions: z.string().nullable(),
  createdAt: z.string(),
  confirmedAt: z.string().nullable(),
});
export type Payment = z.infer<typeof paymentSchema>;

export const subscribeBodySchema = z.object({
  planId: idRef('Choose a plan'),
});
export { confirmPaymentBodySchema } from './plan-billing.ts';

/** The platform admin creates a shipper company with its owner (user type 3). */
export const shipperInputSchema = z.object({
  company: requiredText('Company name', 160),
  gstin: z.union([gstinSchema, z.literal('').transform(() => undefined)]).optional(),
  ownerName: requiredText('Owner name', 120),
  ownerEmail: z
    .email('Enter a valid email address')
    .max(254)
    .transform((v) => v.toLowerCase()),
  ownerMobile: mobileSchema,
});
export type ShipperInputParsed = z.infer<typeof shipperInputSchema>;

/** The admin's edit of a shipper company (the owner edits their own name and contact in the profile). */
export const shipperUpdateSchema = shipperInputSchema.pick({ company: true, gstin: true });
export type ShipperUpdateParsed = z.infer<typeof shipperUpdateSchema>;

export const shipperSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  gstin: z.string().nullable(),
  ownerName: z.string().nullable(),
  ownerEmail: z.string().nullable(),
  planName: z.string().nullable(),
  planEndsAt: z.string().nullable(),
  userCount: z.number().int(),
  status: statusSchema,
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Shipper = z.infer<typeof shipperSchema>;
