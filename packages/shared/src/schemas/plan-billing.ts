import { z } from 'zod';
import { gstinMismatch, gstinSchema, panSchema, pinSchema } from '../validation/india.ts';
import { stateNameSchema } from '../validation/state.ts';
import { IFSC } from './carrier.ts';
import { requiredText } from './common.ts';

/**
 * The platform's own tax and bank details (issue 33): the supplier on every plan's tax invoice and
 * the account plan payments are made to. Only the platform admin reads and edits them.
 */
const upper = (v: string) => v.trim().toUpperCase();

export const platformBillingSchema = z
  .object({
    legalName: requiredText('Legal name', 160),
    gstin: gstinSchema,
    pan: panSchema,
    address: requiredText('Address', 300),
    city: requiredText('City', 80),
    state: stateNameSchema,
    pincode: pinSchema,
    bankAccountName: requiredText('Account name', 160),
    bankAccountNumber: z
      .string({ error: 'Account number is required' })
      .transform((v) => v.replace(/[\s-]/g, ''))
      .pipe(z.string().regex(/^[0-9]{9,18}$/, 'Account number must be 9 to 18 digits')),
    bankIfsc: z
      .string({ error: 'IFSC is required' })
      .transform((v) => v.replace(/\s/g, '').toUpperCase())
      .pipe(z.string().regex(IFSC, 'IFSC must be 11 characters like HDFC0001234 (the fifth is 0)')),
    bankName: requiredText('Bank name', 120),
  })
  .superRefine((v, ctx) => {
    const mismatch = gstinMismatch(v.gstin, v.pan, v.state);
    if (mismatch) {
      ctx.addIssue({ code: 'custom', path: ['gstin'], message: mismatch });
    }
  });
export type PlatformBillingInput = z.input<typeof platformBillingSchema>;
export type PlatformBilling = z.infer<typeof platformBillingSchema>;

/** Where a plan payment is to be made, as the payer is told it. */
export type PaymentAccount = Pick<PlatformBilling, 'bankAccountName' | 'bankAccountNumber' | 'bankIfsc' | 'bankName'>;

/** GST on a plan's price (exclusive of GST), all in paise. */
export type PlanGst = { taxablePaise: number; cgstPaise: number; sgstPaise: number; igstPaise: number; totalPaise: number };

/** GST on plans: SAC 998315 at 18% (docs/finance.md "Plans"). */
export const PLAN_SAC = '998315';
export const PLAN_GST_PCT = 18;

/**
 * GST on a plan price in whole paise: CGST and SGST at 9% each when the shipper's state is the
 * platform's, IGST at 18% otherwise. Each part is rounded to the paisa, half up, from integers only
 * (taxable × 9 / 100), and CGST = SGST always.
 */
export function planGst(taxablePaise: number, sameState: boolean): PlanGst {
  const part = (pct: number) => Math.floor((taxablePaise * pct + 50) / 100);
  if (sameState) {
    const half = part(PLAN_GST_PCT / 2);
    return { taxablePaise, cgstPaise: half, sgstPaise: half, igstPaise: 0, totalPaise: taxablePaise + 2 * half };
  }
  const igst = part(PLAN_GST_PCT);
  return { taxablePaise, cgstPaise: 0, sgstPaise: 0, igstPaise: igst, totalPaise: taxablePaise + igst };
}

/** The bank's reference of a transfer (UTR): 6 to 22 letters and digits. */
export const utrSchema = z
  .string({ error: 'UTR is required' })
  .transform(upper)
  .pipe(z.string().regex(/^[A-Z0-9]{6,22}$/, 'UTR must be 6 to 22 letters and digits, as the bank statement shows it'));

/** The admin confirms a plan payment: the UTR and the amount received, which must be the payable. */
export const confirmPaymentBodySchema = z.object({
  providerRef: utrSchema,
  amountRupees: z.number({ error: 'Amount received is required' }).positive('Amount received is required'),
});
export type ConfirmPaymentBody = z.infer<typeof confirmPaymentBodySchema>;

/** A plan's tax invoice as its list and download show it. */
export const planInvoiceSummarySchema = z.object({
  id: z.number().int(),
  number: z.string(),
  invoiceDate: z.string(),
});
export type PlanInvoiceSummary = z.infer<typeof planInvoiceSummarySchema>;
