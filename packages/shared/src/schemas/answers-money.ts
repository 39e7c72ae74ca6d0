import { z } from 'zod';
import { TDS_RULES } from '../tds.ts';
import { dataAnswer, invoiceRowSchema } from './answers.ts';
import { BANK_SHEET_FIELDS, LEDGER_SHEET_FIELDS, SHEET_DATE_FORMATS } from './column-sheet.ts';
import { listResponseSchema } from './common.ts';

/**
 * The declared answers of the money routes (issue 34): the shipper's and the carrier's invoice
 * moves, payment summaries and previews, GSTR-3B and the books settings. Money is in paise, as sent.
 */

/** An invoice move's answer (review, payment, a credit note): the invoice as the detail gives it. */
export const invoiceMoveAnswer = dataAnswer(invoiceRowSchema);
/** `POST /api/invoices/:id/approve-matching`: the invoice, and how many lines the click approved. */
export const approveMatchingAnswer = invoiceMoveAnswer.extend({ approved: z.number().int() });

/** A delivered order the carrier has not billed yet (invoice-views.ts BillableOrder). */
export const billableOrderSchema = z.object({
  id: z.number().int(),
  number: z.string(),
  plantId: z.number().int(),
  plantName: z.string(),
  vehicleNumber: z.string().nullable(),
  deliveredAt: z.string().nullable(),
  /** Null when the platform knows no rate (priced per tonne, no weight). */
  freightPaise: z.number().int().nullable(),
  detentionPaise: z.number().int(),
  detentionHours: z.number(),
  shortageQty: z.number(),
  damageQty: z.number(),
});
export const billableOrderListAnswer = listResponseSchema(billableOrderSchema);

const ageingSchema = z.object({
  d0_30: z.number().int(),
  d31_60: z.number().int(),
  d61_90: z.number().int(),
  d90plus: z.number().int(),
});
const summaryAmounts = {
  invoices: z.number().int(),
  billedPaise: z.number().int(),
  approvedPaise: z.number().int(),
  disputedPaise: z.number().int(),
  paidPaise: z.number().int(),
  duePaise: z.number().int(),
  overduePaise: z.number().int(),
  ageing: ageingSchema,
};
/** One counterpart's line of the payment summary (invoice-views.ts PaymentSummaryRow). */
export const paymentSummaryRowSchema = z.object({
  carrierLinkId: z.number().int(),
  industryId: z.number().int(),
  name: z.string(),
  ...summaryAmounts,
});
/** `GET /api/invoices/summary` and `/api/carrier/invoices/summary`: most due first (at most 200; `more` when others). */
export const paymentSummaryAnswer = dataAnswer(
  z.object({
    rows: z.array(paymentSummaryRowSchema),
    totals: z.object(summaryAmounts),
    more: z.boolean(),
    asOf: z.string(),
  }),
);

/** `POST /api/carrier/invoices/preview`: what the draft comes to (invoice.ts InvoicePreview). */
export const invoicePreviewAnswer = dataAnswer(
  z.object({
    taxablePaise: z.number().int(),
    gstRatePct: z.number(),
    cgstPaise: z.number(),
    sgstPaise: z.number(),
    igstPaise: z.number(),
    taxPaise: z.number(),
    totalPaise: z.number(),
    /** Reverse charge: the shipper pays the GST to the government; the total is the taxable value. */
    reverseCharge: z.boolean(),
  }),
);

/** `POST /api/invoices/:id/payments/preview`: the TDS the payment would carry (invoice-views.ts PaymentPreview). */
export const paymentPreviewAnswer = dataAnswer(
  z.object({
    basePaise: z.number().int(),
    deductedOnPaise: z.number().int(),
    tdsPaise: z.number().int(),
    netPaise: z.number().int(),
    ratePct: z.number(),
    rule: z.enum(TDS_RULES),
  }),
);

/** `GET /api/invoices/gstr3b`: table 3.1(d) per recipient GSTIN (CGST and SGST may hold half a paisa). */
export const gstr3bAnswer = dataAnswer(
  z.object({
    month: z.string(),
    lines: z.array(
      z.object({
        gstin: z.string(),
        taxablePaise: z.number(),
        igstPaise: z.number(),
        cgstPaise: z.number(),
        sgstPaise: z.number(),
        cessPaise: z.number(),
        invoices: z.number().int(),
        notes: z.number().int(),
      }),
    ),
  }),
);

/** A column template as stored and answered (column-sheet.ts ColumnTemplate). */
function columnTemplateAnswer<F extends string>(fields: Record<F, string>) {
  const names = Object.keys(fields) as [F, ...F[]];
  return z.object({
    fileType: z.literal('csv'),
    delimiter: z.enum([',', '|']),
    headerRow: z.boolean(),
    columns: z.array(
      z.object({
        field: z.enum(names),
        header: z.string().optional(),
        dateFormat: z.enum(SHEET_DATE_FORMATS).optional(),
        text: z.string().optional(),
      }),
    ),
  });
}
const bankTemplateAnswer = columnTemplateAnswer(BANK_SHEET_FIELDS);
const ledgerTemplateAnswer = columnTemplateAnswer(LEDGER_SHEET_FIELDS);
/** A file's fields and their labels, as the template editor offers them. */
const fieldLabels = <F extends string>(fields: Record<F, string>) =>
  z.object(Object.fromEntries(Object.keys(fields).map((f) => [f, z.string()])) as Record<F, z.ZodString>);

/**
 * `/api/invoices/books-settings` (every read and change): the shipper's debit account and templates
 * (null: the built-in layout), the built-in layouts, and each file's fields with their labels.
 */
export const booksSettingsAnswer = dataAnswer(
  z.object({
    debitAccount: z.object({ accountName: z.string(), accountNumber: z.string(), ifsc: z.string() }).nullable(),
    bankTemplate: bankTemplateAnswer.nullable(),
    ledgerTemplate: ledgerTemplateAnswer.nullable(),
    defaults: z.object({ bank: bankTemplateAnswer, ledger: ledgerTemplateAnswer }),
    fields: z.object({ bank: fieldLabels(BANK_SHEET_FIELDS), ledger: fieldLabels(LEDGER_SHEET_FIELDS) }),
  }),
);
