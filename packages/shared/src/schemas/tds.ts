import { z } from 'zod';
import { idRef, rupeesSchema } from './common.ts';
import { daySchema } from './invoice.ts';

/** A financial year as India writes it: 2026-27 (April 2026 to March 2027). */
export const financialYearSchema = z
  .string({ error: 'Financial year is required' })
  .regex(/^\d{4}-\d{2}$/, 'Financial year looks like 2026-27')
  .refine((s) => (Number(s.slice(0, 4)) + 1) % 100 === Number(s.slice(5)), 'Financial year is two years in a row, like 2026-27');

/** The carrier's 194C(6) declaration for a year: it owns ten or fewer goods carriages. */
export const tdsDeclarationSchema = z.object({
  financialYear: financialYearSchema,
  carriages: z
    .number({ error: 'Goods carriages owned is required' })
    .int('Goods carriages owned is a whole number')
    .min(0, 'Goods carriages owned cannot be negative')
    .max(10, 'The declaration is for ten or fewer goods carriages: with more, TDS is deducted'),
  declaredOn: daySchema('Declared on'),
});
export type TdsDeclarationInput = z.input<typeof tdsDeclarationSchema>;

/** A lower-deduction certificate the income-tax officer issued to the carrier for one shipper. */
export const tdsCertificateSchema = z
  .object({
    industryId: idRef('Choose the shipper the certificate names'),
    number: z
      .string({ error: 'Certificate number is required' })
      .trim()
      .min(1, 'Certificate number is required')
      .max(30, 'Certificate number can have at most 30 characters')
      .regex(/^[A-Za-z0-9/-]+$/, 'Certificate number can have only letters, digits, "-" and "/"'),
    ratePct: z
      .number({ error: 'Rate is required' })
      .min(0, 'Rate cannot be negative')
      .max(1.99, 'A lower-deduction rate is below the ordinary 2%')
      .refine((v) => Math.abs(Math.round(v * 100) - v * 100) < 1e-6, 'Rate can have at most two decimals'),
    validFrom: daySchema('Valid from'),
    validTo: daySchema('Valid to'),
    limitRupees: rupeesSchema('Amount covered'),
  })
  .refine((c) => c.validFrom <= c.validTo, { path: ['validTo'], message: 'Valid to cannot be before valid from' });
export type TdsCertificateInput = z.input<typeof tdsCertificateSchema>;

export type TdsDeclarationView = { financialYear: string; carriages: number; declaredOn: string };
export type TdsCertificateView = {
  id: number;
  industryId: number;
  shipperName: string;
  number: string;
  ratePct: number;
  validFrom: string;
  validTo: string;
  limitPaise: number;
  usedPaise: number;
};
/** What the carrier's profile says about TDS: its PAN, its declarations by year and its certificates. */
export type TdsProfile = { pan: string | null; declarations: TdsDeclarationView[]; certificates: TdsCertificateView[] };
