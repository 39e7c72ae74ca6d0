import { z } from 'zod';
import { idQuery, idRef, listQuerySchema, optionalText, rupeesSchema } from './common.ts';

/** Issue 12: invoices, GST and payments. */
export const GST_SCHEMES = ['rcm', 'fcm', 'fcm_itc'] as const;
export type GstScheme = (typeof GST_SCHEMES)[number];
export const GST_SCHEME_LABEL: Record<GstScheme, string> = {
  rcm: 'Reverse charge (shipper pays GST), no input credit',
  fcm: 'Forward charge, no input credit',
  fcm_itc: 'Forward charge with input credit',
};

/** GST rates of GTA services are notified in whole or half per cent; none above 28%. */
export const gstRateInputSchema = z.object({
  scheme: z.enum(GST_SCHEMES, { error: `Kind must be one of: ${GST_SCHEMES.join(', ')}` }),
  ratePct: z
    .number({ error: 'Rate is required' })
    .min(0, 'Rate cannot be below 0%')
    .max(28, 'Rate can be at most 28%')
    .refine((v) => Number.isInteger(v * 2), 'Rate must be in whole or half per cent'),
  effectiveFrom: z
    .string({ error: 'Effective from is required' })
    .regex(/^\d{4}-\d{2}-\d{2}$/, 'Effective from must be a date (YYYY-MM-DD)')
    .refine(
      (s) => !Number.isNaN(Date.parse(`${s}T00:00:00Z`)) && new Date(`${s}T00:00:00Z`).toISOString().startsWith(s),
      'Effective from must be a real date',
    ),
  notes: optionalText(300),
});
export type GstRateInput = z.input<typeof gstRateInputSchema>;

/** A row of the rate table: an invoice takes the rate of its scheme in force on its date. */
export const gstRateSchema = z.object({
  id: z.number().int(),
  scheme: z.enum(GST_SCHEMES),
  ratePct: z.number(),
  effectiveFrom: z.string(),
  notes: z.string().nullable(),
});
export type GstRate = z.infer<typeof gstRateSchema>;

/**
 * An invoice's life: submitted (the audit has run) → approved | disputed (every line decided);
 * a disputed invoice is revised by the carrier (a new version, submitted again); an approved one
 * is paid in part (partly paid) or in full (paid) and never changes again.
 */
export const INVOICE_STATUSES = ['submitted', 'approved', 'disputed', 'partly_paid', 'paid'] as const;
export type InvoiceStatus = (typeof INVOICE_STATUSES)[number];
export const INVOICE_STATUS_LABEL: Record<InvoiceStatus, string> = {
  submitted: 'Submitted',
  approved: 'Approved',
  disputed: 'Disputed',
  partly_paid: 'Partly paid',
  paid: 'Paid',
};

/** What a line bills. Deductions lower the invoice (POD shortage or damage, late delivery). */
export const INVOICE_LINE_KINDS = ['freight', 'detention', 'loading', 'unloading', 'other', 'deduction'] as const;
export type InvoiceLineKind = (typeof INVOICE_LINE_KINDS)[number];
export const INVOICE_LINE_KIND_LABEL: Record<InvoiceLineKind, string> = {
  freight: 'Freight',
  detention: 'Detention',
  loading: 'Loading',
  unloading: 'Unloading',
  other: 'Other charges',
  deduction: 'Deduction',
};
/** One of each of these per order on an invoice; the other kinds may repeat (each with its reason). */
export const ONCE_PER_ORDER: InvoiceLineKind[] = ['freight', 'detention'];

/** The audit's finding on a line: it matches what the platform knows, it differs, or nothing to check it against. */
export const AUDIT_RESULTS = ['match', 'differs', 'unchecked'] as const;
export type AuditResult = (typeof AUDIT_RESULTS)[number];
export const LINE_DECISIONS = ['pending', 'approved', 'adjusted', 'disputed'] as const;
export type LineDecision = (typeof LINE_DECISIONS)[number];

/** GST invoice numbers (rule 46): at most 16 characters, letters, digits, hyphen and slash. */
const invoiceNumberSchema = z
  .string({ error: 'Invoice number is required' })
  .trim()
  .min(1, 'Invoice number is required')
  .max(16, 'Invoice number can have at most 16 characters')
  .regex(/^[A-Za-z0-9/-]+$/, 'Invoice number can have only letters, digits, "-" and "/"');

export const daySchema = (label: string) =>
  z
    .string({ error: `${label} is required` })
    .regex(/^\d{4}-\d{2}-\d{2}$/, `${label} must be a date (YYYY-MM-DD)`)
    .refine(
      (s) => !Number.isNaN(Date.parse(`${s}T00:00:00Z`)) && new Date(`${s}T00:00:00Z`).toISOString().startsWith(s),
      `${label} must be a real date`,
    );

export const invoiceLineInputSchema = z
  .object({
    orderId: idRef('Choose an order'),
    kind: z.enum(INVOICE_LINE_KINDS, { error: `Kind must be one of: ${INVOICE_LINE_KINDS.join(', ')}` }),
    amountRupees: rupeesSchema('Amount'),
    reason: optionalText(300),
  })
  .superRefine((line, ctx) => {
    if ((line.kind === 'other' || line.kind === 'deduction') && !line.reason) {
      ctx.addIssue({ code: 'custom', path: ['reason'], message: `Say what the ${line.kind === 'other' ? 'charge' : 'deduction'} is for` });
    }
  });
export type InvoiceLineInput = z.input<typeof invoiceLineInputSchema>;

/** The most lines one invoice takes (a month's trips of one plant, each with a few charges). */
export const MAX_INVOICE_LINES = 500;

const linesSchema = z
  .array(invoiceLineInputSchema, { error: 'Lines must be a list' })
  .min(1, 'Add at least one line')
  .max(MAX_INVOICE_LINES, `An invoice takes at most ${MAX_INVOICE_LINES} lines`)
  .superRefine((lines, ctx) => {
    const seen = new Set<string>();
    lines.forEach((line, i) => {
      if (!ONCE_PER_ORDER.includes(line.kind)) {
        return;
      }
      const key = `${line.orderId}:${line.kind}`;
      if (seen.has(key)) {
        ctx.addIssue({ code: 'custom', path: [i, 'kind'], message: `The order already has a ${line.kind} line on this invoice` });
      }
      seen.add(key);
    });
  });

/** A carrier's invoice: its number, date, GST kind and lines (each on one of its delivered orders). */
export const invoiceInputSchema = z.object({
  number: invoiceNumberSchema,
  invoiceDate: daySchema('Invoice date'),
  gstScheme: z.enum(GST_SCHEMES, { error: `GST must be one of: ${GST_SCHEMES.join(', ')}` }),
  lines: linesSchema,
});
export type InvoiceInput = z.input<typeof invoiceInputSchema>;

/** A draft worked out before it is sent: its date, GST kind and lines (the number is not needed). */
export const invoicePreviewSchema = z.object({
  invoiceDate: daySchema('Invoice date'),
  gstScheme: z.enum(GST_SCHEMES, { error: `GST must be one of: ${GST_SCHEMES.join(', ')}` }),
  lines: linesSchema,
});
export type InvoicePreviewInput = z.input<typeof invoicePreviewSchema>;
/** What the draft comes to, as submitting it would work it out. */
export type InvoicePreview = {
  taxablePaise: number;
  gstRatePct: number;
  cgstPaise: number;
  sgstPaise: number;
  igstPaise: number;
  taxPaise: number;
  totalPaise: number;
  /** Reverse charge: the shipper pays the GST to the government; the total is the taxable value. */
  reverseCharge: boolean;
};

/** The shipper's decisions on lines of the current version: approve, adjust to an amount, or dispute. */
export const invoiceReviewSchema = z.object({
  decisions: z
    .array(
      z
        .object({
          lineId: idRef('Choose a line'),
          decision: z.enum(['approve', 'adjust', 'dispute'], { error: 'Decision must be approve, adjust or dispute' }),
          amountRupees: rupeesSchema('Adjusted amount', { allowZero: true }).optional(),
          reason: optionalText(300),
        })
        .superRefine((d, ctx) => {
          if (d.decision === 'adjust' && d.amountRupees === undefined) {
            ctx.addIssue({ code: 'custom', path: ['amountRupees'], message: 'Say the adjusted amount' });
          }
          if (d.decision !== 'approve' && !d.reason) {
            ctx.addIssue({ code: 'custom', path: ['reason'], message: `Say why you ${d.decision} the line` });
          }
        }),
    )
    .min(1, 'Decide at least one line')
    .max(MAX_INVOICE_LINES),
});
export type InvoiceReviewInput = z.input<typeof invoiceReviewSchema>;

export const invoicePaymentSchema = z.object({
  amountRupees: rupeesSchema('Amount'),
  paidOn: daySchema('Paid on'),
  reference: z
    .string({ error: 'UTR / reference is required' })
    .trim()
    .min(4, 'UTR / reference needs at least 4 characters')
    .max(40, 'UTR / reference can have at most 40 characters')
    .regex(/^[A-Za-z0-9/-]+$/, 'UTR / reference can have only letters, digits, "-" and "/"'),
  note: optionalText(300),
});
export type InvoicePaymentInput = z.input<typeof invoicePaymentSchema>;
/** A period of the books (the TDS register, the Tally file, the ledger CSV): two days, the first not after the second. */
export const periodQuerySchema = z
  .object({ from: daySchema('From'), to: daySchema('To') })
  .refine((q) => q.from <= q.to, { path: ['to'], message: 'To cannot be before From' });
/** A payment about to be recorded: what TDS it carries and what goes to the bank (`…/payments/preview`). */
export const invoicePaymentPreviewSchema = invoicePaymentSchema.pick({ amountRupees: true, paidOn: true });

export const invoiceListQuerySchema = listQuerySchema.extend({
  status: z.enum(INVOICE_STATUSES).optional(),
  carrierLinkId: idQuery.optional(),
  plantId: idQuery.optional(),
  overdue: z.enum(['1']).optional(),
});
export type InvoiceListQuery = z.infer<typeof invoiceListQuerySchema>;
export const carrierInvoiceListQuerySchema = listQuerySchema.extend({
  status: z.enum(INVOICE_STATUSES).optional(),
  industryId: idQuery.optional(),
});
export type CarrierInvoiceListQuery = z.infer<typeof carrierInvoiceListQuerySchema>;
/** The carrier's delivered orders not billed yet, of one shipper (the invoice form's picker). */
export const billableOrdersQuerySchema = listQuerySchema.extend({ industryId: idQuery, plantId: idQuery.optional() });
export type BillableOrdersQuery = z.infer<typeof billableOrdersQuerySchema>;
