import { sql } from 'drizzle-orm';
import { date, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from './auth.ts';
import { carriers, industries } from './tenancy.ts';

/**
 * What the national registers last said of a vehicle (VAHAN) or a driving licence (SARATHI),
 * through ULIP (issue 37, record 0307): one row per register and number, each document's valid-to
 * date, the register's status, when it was checked and by which source (`ulip` or `simulator`).
 * Public register facts, not a tenant's: every read reaches a row through an order the viewer may
 * read (the policy's order rule), never by listing this table.
 */
export const registerChecks = pgTable(
  'register_checks',
  {
    id: serial('id').primaryKey(),
    /** `vehicle` (VAHAN, by registration number) or `licence` (SARATHI, by licence number). */
    register: text('register').notNull(),
    number: text('number').notNull(),
    /** `[{ doc, validTo }]`: validTo an India date (yyyy-mm-dd) or null when the register has none. */
    documents: jsonb('documents').notNull(),
    /** The register's own status (ACTIVE, BLACKLISTED, SUSPENDED …), null when it gave none. */
    status: text('status'),
    /** The owner (VAHAN) or holder (SARATHI) as the register names them. */
    holderName: text('holder_name'),
    /** The vehicle class (VAHAN `rc_vch_catg`) or the licence's classes, comma-separated. */
    classes: text('classes'),
    source: text('source').notNull(),
    checkedAt: timestamp('checked_at', { withTimezone: true }).notNull(),
  },
  (t) => [uniqueIndex('register_checks_number').on(t.register, t.number)],
);

/**
 * A shipper's rules of what the registers' answers do at its gates: `{ doc: 'block' | 'warn' |
 * 'ignore' }`. A shipper without a row works with the defaults (packages/shared verification.ts).
 */
export const verificationSettings = pgTable(
  'verification_settings',
  {
    id: serial('id').primaryKey(),
    industryId: integer('industry_id')
      .notNull()
      .references(() => industries.id),
    rules: jsonb('rules').notNull(),
    updatedBy: integer('updated_by').references(() => users.id),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('verification_settings_industry').on(t.industryId)],
);

/**
 * The daily expiry notices sent (issue 37): one per carrier, register number, document, valid-to
 * date and India day, so a rerun of the day's job sends nothing twice.
 */
export const registerExpiryNotices = pgTable(
  'register_expiry_notices',
  {
    id: serial('id').primaryKey(),
    carrierId: integer('carrier_id')
      .notNull()
      .references(() => carriers.id),
    register: text('register').notNull(),
    number: text('number').notNull(),
    doc: text('doc').notNull(),
    validTo: date('valid_to', { mode: 'string' }).notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().default(sql`now()`),
  },
  (t) => [uniqueIndex('register_expiry_notices_once').on(t.carrierId, t.register, t.number, t.doc, t.validTo, t.day)],
);
