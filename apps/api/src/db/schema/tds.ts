import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  date,
  doublePrecision,
  integer,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { users } from './auth.ts';
import { carriers, industries } from './tenancy.ts';

/**
 * A carrier's declaration for a financial year that it owns ten or fewer goods carriages (194C(6)
 * of the 1961 Act, section 393(4) of the 2025 Act): with its PAN, payments to it that year carry
 * no TDS. Given once per year on the carrier's profile and seen by every shipper that pays it.
 */
export const tdsDeclarations = pgTable(
  'tds_declarations',
  {
    carrierId: integer('carrier_id')
      .notNull()
      .references(() => carriers.id),
    financialYear: text('financial_year').notNull(),
    carriages: integer('carriages').notNull(),
    declaredOn: date('declared_on', { mode: 'string' }).notNull(),
    createdBy: integer('created_by').references(() => users.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.carrierId, t.financialYear] }),
    check('tds_declarations_carriages', sql`${t.carriages} between 0 and 10`),
  ],
);

/**
 * A lower-deduction certificate (section 197 of the 1961 Act, 395 of the 2025 Act): issued to the
 * carrier for one payer, at a rate, for a period, up to an amount. The carrier records it on its
 * profile for the shipper it names.
 */
export const tdsCertificates = pgTable(
  'tds_certificates',
  {
    id: serial('id').primaryKey(),
    carrierId: integer('carrier_id')
      .notNull()
      .references(() => carriers.id),
    industryId: integer('industry_id')
      .notNull()
      .references(() => industries.id),
    number: text('number').notNull(),
    ratePct: doublePrecision('rate_pct').notNull(),
    validFrom: date('valid_from', { mode: 'string' }).notNull(),
    validTo: date('valid_to', { mode: 'string' }).notNull(),
    limitPaise: bigint('limit_paise', { mode: 'number' }).notNull(),
    createdBy: integer('created_by').references(() => users.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('tds_certificates_number').on(t.carrierId, t.industryId, sql`upper(${t.number})`),
    check('tds_certificates_valid', sql`${t.validFrom} <= ${t.validTo} and ${t.ratePct} >= 0 and ${t.ratePct} < 2 and ${t.limitPaise} > 0`),
  ],
);
