import { bigint, date, index, integer, jsonb, pgTable, primaryKey, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import type { InvoiceParty } from '@freightdesk/shared/schemas/invoice-views';
import { payments } from './platform.ts';
import { industries } from './tenancy.ts';

/**
 * The last number of one of the platform's own document series in a financial year ('plan': its
 * tax invoices for plans). Taken with the row locked inside the invoice's transaction, as the
 * carriers' `document_series`, so numbers are gap-free.
 */
export const platformDocumentSeries = pgTable(
  'platform_document_series',
  {
    kind: text('kind', { enum: ['plan'] }).notNull(),
    financialYear: text('financial_year').notNull(),
    last: integer('last').notNull(),
  },
  (t) => [primaryKey({ columns: [t.kind, t.financialYear] })],
);

/** The parties of a plan's tax invoice as they stood at issue. */
export type PlanInvoiceParties = { supplier: InvoiceParty; recipient: InvoiceParty; placeOfSupply: string };

/**
 * The platform's tax invoice for a confirmed plan payment (section 31 of the CGST Act): one per
 * payment, numbered FD/26-27/0001 in the platform's series, never changed once issued.
 */
export const planInvoices = pgTable(
  'plan_invoices',
  {
    id: serial('id').primaryKey(),
    paymentId: integer('payment_id')
      .notNull()
      .references(() => payments.id),
    industryId: integer('industry_id')
      .notNull()
      .references(() => industries.id),
    number: text('number').notNull(),
    financialYear: text('financial_year').notNull(),
    invoiceDate: date('invoice_date', { mode: 'string' }).notNull(),
    planName: text('plan_name').notNull(),
    periodFrom: date('period_from', { mode: 'string' }).notNull(),
    periodTo: date('period_to', { mode: 'string' }).notNull(),
    sac: text('sac').notNull(),
    taxablePaise: bigint('taxable_paise', { mode: 'number' }).notNull(),
    cgstPaise: bigint('cgst_paise', { mode: 'number' }).notNull(),
    sgstPaise: bigint('sgst_paise', { mode: 'number' }).notNull(),
    igstPaise: bigint('igst_paise', { mode: 'number' }).notNull(),
    totalPaise: bigint('total_paise', { mode: 'number' }).notNull(),
    issued: jsonb('issued').$type<PlanInvoiceParties>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('plan_invoices_payment').on(t.paymentId),
    uniqueIndex('plan_invoices_number').on(t.financialYear, t.number),
    index('plan_invoices_industry').on(t.industryId),
  ],
);
