import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  date,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { GST_SCHEMES, INVOICE_LINE_KINDS } from '@freightdesk/shared/schemas/invoice';
import type { IssuedParties } from '@freightdesk/shared/schemas/invoice-views';
import { users } from './auth.ts';
import { orders } from './orders.ts';
import { plants } from './plants.ts';
import { carriers, industries, industryCarriers } from './tenancy.ts';
import { tdsCertificates } from './tds.ts';
import { TDS_RULES } from '@freightdesk/shared/tds';

/**
 * The GST rates notified for goods transport agency (GTA) services, dated: the admin adds a row
 * when a notification changes one; an invoice takes the row of its scheme in force on its date.
 * Schemes: `rcm` (5%, the recipient pays under reverse charge, no input credit for the carrier),
 * `fcm` (5%, the carrier charges it, no input credit), `fcm_itc` (the higher forward-charge rate
 * with input credit: 12% from July 2017, 18% from 22 September 2025).
 */

export const gstRates = pgTable(
  'gst_rates',
  {
    id: serial('id').primaryKey(),
    scheme: text('scheme', { enum: GST_SCHEMES }).notNull(),
    ratePct: doublePrecision('rate_pct').notNull(),
    effectiveFrom: date('effective_from', { mode: 'string' }).notNull(),
    /** The notification it comes from, for whoever checks an invoice later. */
    notes: text('notes'),
    createdBy: integer('created_by').references(() => users.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('gst_rates_scheme_day').on(t.scheme, t.effectiveFrom), index('gst_rates_lookup').on(t.scheme, t.effectiveFrom)],
);

export const INVOICE_STATUSES = ['submitted', 'approved', 'disputed', 'partly_paid', 'paid'] as const;

/**
 * A carrier's invoice to one shipper for delivered orders of one plant (one recipient GSTIN). Its
 * number is unique per carrier per financial year. Amounts of the current version's claim are kept
 * here (taxable, tax, total); once every line is decided, the approved ones; `paidPaise` sums its
 * payments. `version` counts revisions of a disputed invoice and is the If-Match version.
 */
export const invoices = pgTable(
  'invoices',
  {
    id: serial('id').primaryKey(),
    industryId: integer('industry_id')
      .notNull()
      .references(() => industries.id),
    industryCarrierId: integer('industry_carrier_id')
      .notNull()
      .references(() => industryCarriers.id),
    carrierId: integer('carrier_id')
      .notNull()
      .references(() => carriers.id),
    plantId: integer('plant_id')
      .notNull()
      .references(() => plants.id),
    number: text('number').notNull(),
    financialYear: text('financial_year').notNull(),
    invoiceDate: date('invoice_date', { mode: 'string' }).notNull(),
    status: text('status', { enum: INVOICE_STATUSES }).notNull().default('submitted'),
    version: integer('version').notNull().default(1),
    gstScheme: text('gst_scheme', { enum: GST_SCHEMES }).notNull(),
    gstRatePct: doublePrecision('gst_rate_pct').notNull(),
    supplierGstin: text('supplier_gstin'),
    recipientGstin: text('recipient_gstin').notNull(),
    orderCount: integer('order_count').notNull(),
    taxablePaise: bigint('taxable_paise', { mode: 'number' }).notNull(),
    taxPaise: bigint('tax_paise', { mode: 'number' }).notNull(),
    totalPaise: bigint('total_paise', { mode: 'number' }).notNull(),
    approvedTaxablePaise: bigint('approved_taxable_paise', { mode: 'number' }),
    approvedPaise: bigint('approved_paise', { mode: 'number' }),
    paidPaise: bigint('paid_paise', { mode: 'number' }).notNull().default(0),
    /** From the payment setting at approval: the advance part is due at once, the rest on the due date. */
    advancePercent: doublePrecision('advance_percent').notNull().default(0),
    creditDays: integer('credit_days').notNull().default(0),
    dueDate: date('due_date', { mode: 'string' }),
    note: text('note'),
    /** The parties and vehicles as they stood at issue: the tax invoice and its PDF are made from these. */
    issued: jsonb('issued').$type<IssuedParties>().notNull(),
    submittedAt: timestamp('submitted_at', { withTimezone: true }).notNull().defaultNow(),
    submittedBy: integer('submitted_by').references(() => users.id),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    decidedBy: integer('decided_by').references(() => users.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('invoices_number').on(t.carrierId, t.financialYear, sql`upper(${t.number})`),
    index('invoices_shipper').on(t.industryId, t.status, t.id),
    index('invoices_link').on(t.industryCarrierId, t.id),
    check('invoices_paid', sql`${t.paidPaise} >= 0 and (${t.approvedPaise} is null or ${t.paidPaise} <= ${t.approvedPaise})`),
  ],
);

/**
 * A line of one version of an invoice. Lines of earlier versions stay (the history); the current
 * lines are those of the invoice's version. `expectedPaise` and the notes are the audit's finding.
 */
export const invoiceLines = pgTable(
  'invoice_lines',
  {
    id: serial('id').primaryKey(),
    invoiceId: integer('invoice_id')
      .notNull()
      .references(() => invoices.id, { onDelete: 'cascade' }),
    version: integer('version').notNull(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id),
    kind: text('kind', { enum: INVOICE_LINE_KINDS }).notNull(),
    amountPaise: bigint('amount_paise', { mode: 'number' }).notNull(),
    /** What credit notes took off the line (debit notes added back): the line bills amount − credited. */
    creditedPaise: bigint('credited_paise', { mode: 'number' }).notNull().default(0),
    reason: text('reason'),
    expectedPaise: bigint('expected_paise', { mode: 'number' }),
    audit: text('audit', { enum: ['match', 'differs', 'unchecked'] }).notNull(),
    auditNotes: jsonb('audit_notes').$type<string[]>().notNull().default([]),
    decision: text('decision', { enum: ['pending', 'approved', 'adjusted', 'disputed'] })
      .notNull()
      .default('pending'),
    decidedPaise: bigint('decided_paise', { mode: 'number' }),
    decisionReason: text('decision_reason'),
    decidedBy: integer('decided_by').references(() => users.id),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
  },
  (t) => [index('invoice_lines_invoice').on(t.invoiceId, t.version, t.id), index('invoice_lines_order').on(t.orderId)],
);

/** The versions of an invoice: when each was submitted and the carrier's note on a revision. */
export const invoiceVersions = pgTable(
  'invoice_versions',
  {
    id: serial('id').primaryKey(),
    invoiceId: integer('invoice_id')
      .notNull()
      .references(() => invoices.id, { onDelete: 'cascade' }),
    version: integer('version').notNull(),
    invoiceDate: date('invoice_date', { mode: 'string' }).notNull(),
    taxablePaise: bigint('taxable_paise', { mode: 'number' }).notNull(),
    totalPaise: bigint('total_paise', { mode: 'number' }).notNull(),
    note: text('note'),
    submittedBy: integer('submitted_by').references(() => users.id),
    submittedAt: timestamp('submitted_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('invoice_versions_version').on(t.invoiceId, t.version)],
);

/**
 * Which order is billed on which invoice: one live invoice per order (the unique key refuses a
 * second), so a duplicate can never be approved, even by two carriers' users at once.
 */
export const invoiceOrders = pgTable(
  'invoice_orders',
  {
    orderId: integer('order_id')
      .primaryKey()
      .references(() => orders.id),
    invoiceId: integer('invoice_id')
      .notNull()
      .references(() => invoices.id, { onDelete: 'cascade' }),
  },
  (t) => [index('invoice_orders_invoice').on(t.invoiceId)],
);

/**
 * A payment the shipper made against an approved invoice (NEFT/RTGS/UPI with its UTR). `amountPaise`
 * is what it settles on the invoice (gross); the TDS deducted from it goes to the government and the
 * rest (`amountPaise - tdsPaise`) to the carrier's bank. The TDS columns are the decision as made
 * (shared/tds.ts), kept for the 26Q register: its base, what was deducted on (with earlier sums
 * caught up), the rule, the rate, the certificate used and the payee's PAN then.
 */
export const invoicePayments = pgTable(
  'invoice_payments',
  {
    id: serial('id').primaryKey(),
    invoiceId: integer('invoice_id')
      .notNull()
      .references(() => invoices.id),
    industryId: integer('industry_id')
      .notNull()
      .references(() => industries.id),
    amountPaise: bigint('amount_paise', { mode: 'number' }).notNull(),
    paidOn: date('paid_on', { mode: 'string' }).notNull(),
    reference: text('reference').notNull(),
    provider: text('provider').notNull().default('manual'),
    note: text('note'),
    basePaise: bigint('base_paise', { mode: 'number' }).notNull().default(0),
    tdsCoveredPaise: bigint('tds_covered_paise', { mode: 'number' }).notNull().default(0),
    tdsPaise: bigint('tds_paise', { mode: 'number' }).notNull().default(0),
    tdsRatePct: doublePrecision('tds_rate_pct').notNull().default(0),
    tdsRule: text('tds_rule', { enum: TDS_RULES }).notNull().default('below_threshold'),
    certificateId: integer('certificate_id').references(() => tdsCertificates.id),
    certificatePaise: bigint('certificate_paise', { mode: 'number' }).notNull().default(0),
    payeePan: text('payee_pan'),
    createdBy: integer('created_by').references(() => users.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('invoice_payments_invoice').on(t.invoiceId),
    index('invoice_payments_year').on(t.industryId, t.paidOn),
    check('invoice_payments_positive', sql`${t.amountPaise} > 0 and ${t.tdsPaise} >= 0 and ${t.tdsPaise} < ${t.amountPaise}`),
  ],
);
