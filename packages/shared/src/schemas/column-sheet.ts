import { z } from 'zod';
import { carrierBankAccountSchema } from './carrier.ts';

/**
 * A column-mapped sheet (issue 33): the shipper maps a file Freightdesk writes (the bank payment
 * file, the ledger CSV) to the layout its bank or its books want: an ordered list of columns, each a
 * field from the file's fixed list (or a fixed text), with an optional header name and, for a date,
 * its format; CSV with `,` or `|` between fields, with or without a header row.
 */

/** The date formats a column may take (the day 2027-03-31 as each writes it). */
export const SHEET_DATE_FORMATS = ['DD/MM/YYYY', 'DD-MM-YYYY', 'DD.MM.YYYY', 'YYYY-MM-DD', 'DDMMYYYY', 'YYYYMMDD'] as const;
export type SheetDateFormat = (typeof SHEET_DATE_FORMATS)[number];

/** The bank payment file's fields, with the header each has when the template gives none. */
export const BANK_SHEET_FIELDS = {
  mode: 'Payment Mode',
  debitAccount: 'Debit Account Number',
  debitIfsc: 'Debit IFSC',
  debitName: 'Debit Account Name',
  beneficiaryName: 'Beneficiary Name',
  beneficiaryAccount: 'Beneficiary Account Number',
  ifsc: 'IFSC',
  amount: 'Amount',
  paymentDate: 'Value Date',
  narration: 'Debit Narration',
  beneficiaryNarration: 'Beneficiary Narration',
  invoiceNumbers: 'Invoice Number',
  email: 'Beneficiary Email',
  mobile: 'Beneficiary Mobile',
  text: 'Text',
} as const;

/** The ledger CSV's fields (one row per posting), with the header each has when the template gives none. */
export const LEDGER_SHEET_FIELDS = {
  voucherDate: 'Voucher Date',
  voucherType: 'Voucher Type',
  voucherNumber: 'Voucher Number',
  reference: 'Reference',
  ledger: 'Ledger',
  debit: 'Debit',
  credit: 'Credit',
  gstin: 'GSTIN',
  narration: 'Narration',
  plant: 'Plant',
  documentDate: 'Document Date',
  text: 'Text',
} as const;

export type BankSheetField = keyof typeof BANK_SHEET_FIELDS;
export type LedgerSheetField = keyof typeof LEDGER_SHEET_FIELDS;
/** The fields that hold a day (written in the column's date format). */
export const SHEET_DATE_FIELDS: readonly string[] = ['paymentDate', 'voucherDate', 'documentDate'];

const fieldNames = <F extends string>(fields: Record<F, string>) => Object.keys(fields) as [F, ...F[]];

/** A template's schema for a file whose fields are `fields`; errors name the column (`columns.3.field`). */
export function columnTemplateSchema<F extends string>(fields: Record<F, string>) {
  const names = fieldNames(fields);
  const column = z
    .object({
      field: z.enum(names, { error: `field is one of ${names.join(', ')}` }),
      header: z.string().trim().max(60, 'A header has at most 60 characters').optional(),
      dateFormat: z.enum(SHEET_DATE_FORMATS, { error: `dateFormat is one of ${SHEET_DATE_FORMATS.join(', ')}` }).optional(),
      text: z.string().max(60, 'A fixed text has at most 60 characters').optional(),
    })
    .strict()
    .superRefine((c, ctx) => {
      if (c.field === 'text' && !c.text?.trim()) {
        ctx.addIssue({ code: 'custom', path: ['text'], message: 'A fixed-text column needs its text' });
      }
      if (c.dateFormat && !SHEET_DATE_FIELDS.includes(c.field)) {
        ctx.addIssue({ code: 'custom', path: ['dateFormat'], message: 'Only a date column takes a date format' });
      }
    });
  return z
    .object({
      fileType: z.literal('csv', { error: 'fileType is csv' }).default('csv'),
      delimiter: z.enum([',', '|'], { error: 'delimiter is , or |' }).default(','),
      headerRow: z.boolean({ error: 'headerRow is true or false' }).default(true),
      columns: z.array(column, { error: 'columns is a list' }).min(1, 'Map at least one column').max(40, 'At most 40 columns'),
    })
    .strict();
}

export const bankTemplateSchema = columnTemplateSchema(BANK_SHEET_FIELDS);
export const ledgerTemplateSchema = columnTemplateSchema(LEDGER_SHEET_FIELDS);
export type ColumnTemplate<F extends string = string> = {
  fileType: 'csv';
  delimiter: ',' | '|';
  headerRow: boolean;
  columns: { field: F; header?: string; dateFormat?: SheetDateFormat; text?: string }[];
};
export type BankTemplate = z.infer<typeof bankTemplateSchema>;
export type LedgerTemplate = z.infer<typeof ledgerTemplateSchema>;
export type ColumnTemplateInput = z.input<typeof bankTemplateSchema>;

/** The built-in bank layout (docs/finance.md): the columns of before, then the debit account. */
export const DEFAULT_BANK_TEMPLATE: ColumnTemplate<BankSheetField> = {
  fileType: 'csv',
  delimiter: ',',
  headerRow: true,
  columns: [
    { field: 'mode' },
    { field: 'beneficiaryName' },
    { field: 'beneficiaryAccount' },
    { field: 'ifsc' },
    { field: 'amount' },
    { field: 'paymentDate', dateFormat: 'DD/MM/YYYY' },
    { field: 'narration' },
    { field: 'beneficiaryNarration' },
    { field: 'invoiceNumbers' },
    { field: 'email' },
    { field: 'mobile' },
    { field: 'debitAccount' },
  ],
};

/** The built-in ledger layout (docs/finance.md): every field once, days as DD-MM-YYYY. */
export const DEFAULT_LEDGER_TEMPLATE: ColumnTemplate<LedgerSheetField> = {
  fileType: 'csv',
  delimiter: ',',
  headerRow: true,
  columns: (Object.keys(LEDGER_SHEET_FIELDS) as LedgerSheetField[])
    .filter((f) => f !== 'text')
    .map((field) => (SHEET_DATE_FIELDS.includes(field) ? { field, dateFormat: 'DD-MM-YYYY' as const } : { field })),
};

/** The account the shipper's bank payments are debited from (`PUT /api/invoices/books-settings/debit-account`). */
export const debitAccountSchema = carrierBankAccountSchema.omit({ bankName: true });
export type DebitAccountInput = z.input<typeof debitAccountSchema>;

/** What `GET /api/invoices/books-settings` answers: the shipper's own account and templates (null: the default). */
export type BooksSettings = {
  debitAccount: { accountName: string; accountNumber: string; ifsc: string } | null;
  bankTemplate: ColumnTemplate<BankSheetField> | null;
  ledgerTemplate: ColumnTemplate<LedgerSheetField> | null;
};
