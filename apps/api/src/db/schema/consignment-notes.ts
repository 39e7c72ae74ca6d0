import { sql } from 'drizzle-orm';
import { date, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import type { ConsignmentNoteDetails } from '@freightdesk/shared/schemas/consignment-note';
import { users } from './auth.ts';
import { orders } from './orders.ts';
import { carriers, industries } from './tenancy.ts';

/**
 * A consignment note (LR, issue 33): one per order, the carrier's, numbered in its series
 * (`document_series` kind 'lr'), made at the plant's gate out or by the carrier before it. Never
 * changed once made: `details` is what it states.
 */
export const consignmentNotes = pgTable(
  'consignment_notes',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id),
    industryId: integer('industry_id')
      .notNull()
      .references(() => industries.id),
    carrierId: integer('carrier_id')
      .notNull()
      .references(() => carriers.id),
    number: text('number').notNull(),
    financialYear: text('financial_year').notNull(),
    noteDate: date('note_date', { mode: 'string' }).notNull(),
    source: text('source', { enum: ['gate_out', 'carrier'] }).notNull(),
    details: jsonb('details').$type<ConsignmentNoteDetails>().notNull(),
    createdBy: integer('created_by').references(() => users.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('consignment_notes_order').on(t.orderId),
    uniqueIndex('consignment_notes_number').on(t.carrierId, t.financialYear, sql`upper(${t.number})`),
  ],
);
