import { z } from 'zod';
import { gstinMismatch, gstinSchema, mobileSchema, panSchema, pinSchema } from '../validation/india.ts';
import { optionalStateNameSchema } from '../validation/state.ts';
import { listQuerySchema, optionalText, requiredText, idQuery, idList } from './common.ts';

export const CARRIER_LINK_STATUSES = ['active', 'blocked'] as const;
export const carrierLinkStatusSchema = z.enum(CARRIER_LINK_STATUSES);
export type CarrierLinkStatus = z.infer<typeof carrierLinkStatusSchema>;
export const CARRIER_STATUS_LABEL: Record<CarrierLinkStatus, string> = { active: 'Active', blocked: 'Blocked' };

const optional = <T extends z.ZodType>(schema: T) => z.union([schema, z.literal('').transform(() => undefined)]).optional();

/**
 * Adding a carrier to My Carriers. The mobile or email finds an existing carrier company;
 * otherwise a new one is created with a carrier user who is mailed a set-password link.
 */
const carrierFields = z.object({
  name: requiredText('Carrier name', 160),
  contactName: requiredText('Contact person', 120),
  mobile: mobileSchema,
  email: z
    .email('Enter a valid email address')
    .max(254)
    .transform((v) => v.toLowerCase()),
  pan: optional(panSchema),
  gstin: optional(gstinSchema),
  address: optionalText(300),
  city: optionalText(80),
  state: optionalStateNameSchema,
  pincode: optional(pinSchema),
  fleetSize: z.number().int().min(0, 'Fleet size cannot be negative').max(100_000).optional(),
  code: optionalText(30),
  groupIds: idList('Groups'),
});
/** A GSTIN that is not the PAN's, or not of the state beside it, is refused on the GSTIN (issue 33). */
const taxIdsAgree = (v: { gstin?: string; pan?: string; state?: string }, ctx: z.RefinementCtx) => {
  const mismatch = gstinMismatch(v.gstin, v.pan, v.state);
  if (mismatch) {
    ctx.addIssue({ code: 'custom', path: ['gstin'], message: mismatch });
  }
};
export const carrierInputSchema = carrierFields.superRefine(taxIdsAgree);
export type CarrierInput = z.input<typeof carrierInputSchema>;
export type CarrierInputParsed = z.infer<typeof carrierInputSchema>;

/** The carrier's own company details, which only the carrier's users edit (`/carrier/company`). */
export const carrierCompanyInputSchema = carrierFields.omit({ code: true, groupIds: true }).superRefine(taxIdsAgree);
export type CarrierCompanyInput = z.input<typeof carrierCompanyInputSchema>;
export type CarrierCompanyInputParsed = z.infer<typeof carrierCompanyInputSchema>;

/** What a shipper may change on its link to a carrier: its own code and the groups. */
export const carrierLinkUpdateSchema = z.object({
  code: optionalText(30),
  groupIds: idList('Groups'),
});

export const carrierSchema = z.object({
  id: z.number().int(),
  carrierId: z.number().int(),
  name: z.string(),
  contactName: z.string().nullable(),
  mobile: z.string().nullable(),
  email: z.string().nullable(),
  pan: z.string().nullable(),
  gstin: z.string().nullable(),
  address: z.string().nullable(),
  city: z.string().nullable(),
  state: z.string().nullable(),
  pincode: z.string().nullable(),
  fleetSize: z.number().int().nullable(),
  code: z.string().nullable(),
  status: carrierLinkStatusSchema,
  groupIds: z.array(z.number().int()),
  groupNames: z.array(z.string()),
  createdAt: z.string(),
  /** The link's version (code, groups, status): sent back as If-Match by an edit. */
  updatedAt: z.string(),
});
export type Carrier = z.infer<typeof carrierSchema>;

/** The carrier's own company as its users see it: the shared details, and how many shippers it works with. */
export const carrierCompanySchema = carrierSchema
  .pick({
    name: true,
    contactName: true,
    mobile: true,
    email: true,
    pan: true,
    gstin: true,
    address: true,
    city: true,
    state: true,
    pincode: true,
    fleetSize: true,
  })
  .extend({
    id: z.number().int(),
    shipperCount: z.number().int(),
    updatedAt: z.string(),
    /** Where its shippers pay it; null until the carrier adds it. */
    bankAccount: z
      .object({
        accountName: z.string(),
        accountNumber: z.string(),
        ifsc: z.string(),
        bankName: z.string().nullable(),
        updatedAt: z.string(),
      })
      .nullable(),
  });
export type CarrierCompany = z.infer<typeof carrierCompanySchema>;

/** An IFSC: 4 letters (the bank), a 0, then 6 letters or digits (the branch). */
export const IFSC = /^[A-Z]{4}0[A-Z0-9]{6}$/;
/**
 * The carrier's bank account for payments (`PUT /api/carrier/company/bank-account`): the account
 * holder's name as the bank has it, the account number (9 to 18 digits, as Indian banks issue
 * them), the IFSC (any case and spacing typed; kept upper case) and the bank's name.
 */
export const carrierBankAccountSchema = z
  .object({
    accountName: z.string().trim().min(1, 'Enter the account holder’s name').max(100, 'At most 100 characters'),
    accountNumber: z
      .string()
      .transform((v) => v.replace(/[\s-]/g, ''))
      .pipe(z.string().regex(/^\d{9,18}$/, 'An account number is 9 to 18 digits')),
    ifsc: z
      .string()
      .transform((v) => v.replace(/\s/g, '').toUpperCase())
      .pipe(z.string().regex(IFSC, 'An IFSC is 11 characters: 4 letters, a 0, then 6 letters or digits (e.g. HDFC0001234)')),
    bankName: z.string().trim().max(100, 'At most 100 characters').optional().nullable(),
  })
  .strict();
export type CarrierBankAccountInput = z.input<typeof carrierBankAccountSchema>;

export const carrierListQuerySchema = listQuerySchema.extend({
  status: carrierLinkStatusSchema.optional(),
  groupId: idQuery.optional(),
});
export type CarrierListQuery = z.infer<typeof carrierListQuerySchema>;

export const carrierBlockBodySchema = z.object({ status: carrierLinkStatusSchema, reason: optionalText(300) });

export const carrierGroupInputSchema = z.object({
  name: requiredText('Group name', 80),
  carrierLinkIds: idList('Carriers'),
});
export type CarrierGroupInput = z.input<typeof carrierGroupInputSchema>;

export const carrierGroupSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  status: z.enum(['active', 'inactive']),
  carrierLinkIds: z.array(z.number().int()),
  memberCount: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type CarrierGroup = z.infer<typeof carrierGroupSchema>;
