import { sql } from 'drizzle-orm';
import { bigint, date, index, integer, jsonb, pgTable, primaryKey, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import type { IssuedParties } from '@freightdesk/shared/schemas/invoice-views';
import type { NoteLine } from '@freightdesk/shared/schemas/notes';
import { users } from './auth.ts';
import { invoices } from './money.ts';
import { carriers, industries } from './tenancy.ts';

/**
 * The last number used in a carrier's series of a document kind in a financial year ('credit' and
 * 'debit' notes, 'lr' consignment notes). Taken with the row locked in the note's own transaction, so numbers are gap-free:
 * a note that fails leaves its number to the next one.
 */
export const documentSeries = pgTable(
  'document_series',
  {
    carrierId: integer('carrier_id')
      .notNull()
      .references(() => carriers.id),
    kind: text('kind', { enum: ['credit', 'debit', 'lr'] }).notNull(),
    financialYear: text('financial_year').notNull(),
    last: integer('last').notNull(),
  },
  (t) => [primaryKey({ columns: [t.carrierId, t.kind, t.financialYear] })],
);

/**
 * A credit or debit note against an issued invoice (section 34 of the CGST Act): the carrier's, in
 * its own numbered series, never changed once made. A credit note lowers what the invoice bills (a
 * shipper's adjustment, or the carrier's answer to a dispute); a debit note raises it. What is
 * payable on the invoice is its total less its credit notes plus its debit notes.
 */
export const creditNotes = pgTable(
  'credit_notes',
  {
    id: serial('id').primaryKey(),
    invoiceId: integer('invoice_id')
      .notNull()
      .references(() => invoices.id),
    industryId: integer('industry_id')
      .notNull()
      .references(() => industries.id),
    carrierId: integer('carrier_id')
      .notNull()
      .references(() => carriers.id),
    kind: text('kind', { enum: ['credit', 'debit'] }).notNull(),
    number: text('number').notNull(),
    financialYear: text('financial_year').notNull(),
    noteDate: date('note_date', { mode: 'string' }).notNull(),
    /** Why: the shipper's adjustment or the carrier's answer to a dispute. */
    origin: text('origin', { enum: ['adjustment', 'dispute'] }).notNull(),
    reason: text('reason').notNull(),
    taxablePaise: bigint('taxable_paise', { mode: 'number' }).notNull(),
    taxPaise: bigint('tax_paise', { mode: 'number' }).notNull(),
    totalPaise: bigint('total_paise', { mode: 'number' }).notNull(),
    lines: jsonb('lines').$type<NoteLine[]>().notNull(),
    issued: jsonb('issued').$type<IssuedParties>().notNull(),
    createdBy: integer('created_by').references(() => users.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('credit_notes_number').on(t.carrierId, t.kind, t.financialYear, sql`upper(${t.number})`),
    index('credit_notes_invoice').on(t.invoiceId),
  ],
);
