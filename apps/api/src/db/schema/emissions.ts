import { sql } from 'drizzle-orm';
import { date, doublePrecision, index, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import type { EmissionFigure, Factor } from '@freightdesk/shared/schemas/emissions';
import { users } from './auth.ts';
import { orders } from './orders.ts';
import { plants } from './plants.ts';
import { carriers, industries } from './tenancy.ts';

/**
 * Emission factor versions (issue 37, record 0308): each a complete, dated and sourced set of the
 * factors the calculation needs (`FACTOR_CODES`). Rows without a shipper are the platform's
 * defaults (migration 0048 seeds the Indian ones); a shipper's own rows are its own factors. A
 * version is never changed or deleted, and starts today or later: a figure of an earlier load
 * keeps the version in force on its day.
 */
export const emissionFactorVersions = pgTable(
  'emission_factor_versions',
  {
    id: serial('id').primaryKey(),
    industryId: integer('industry_id').references(() => industries.id),
    label: text('label').notNull(),
    validFrom: date('valid_from', { mode: 'string' }).notNull(),
    note: text('note'),
    factors: jsonb('factors').$type<Record<string, Factor>>().notNull(),
    createdBy: integer('created_by').references(() => users.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('emission_factor_versions_label').on(sql`coalesce(${t.industryId}, 0)`, t.label),
    index('emission_factor_versions_from').on(t.industryId, t.validFrom),
  ],
);

/**
 * The figure of a finished load (arrived, delivered or closed), computed once by the emissions job
 * with the factor version in force on its pickup day and kept: a later version never changes it.
 * The columns the report sums and filters by are copies of the order's (lane, carrier, plant, month).
 */
export const orderEmissions = pgTable(
  'order_emissions',
  {
    orderId: integer('order_id')
      .primaryKey()
      .references(() => orders.id, { onDelete: 'cascade' }),
    industryId: integer('industry_id')
      .notNull()
      .references(() => industries.id),
    carrierId: integer('carrier_id')
      .notNull()
      .references(() => carriers.id),
    plantId: integer('plant_id')
      .notNull()
      .references(() => plants.id),
    requestType: integer('request_type').notNull(),
    lane: text('lane').notNull(),
    /** The first day of the pickup's month (India time). */
    month: date('month', { mode: 'string' }).notNull(),
    /** Null, with `unavailable` saying why, when the load has no figure (no distance, no version, refused). */
    mode: text('mode', { enum: ['road', 'rail'] }),
    wtwKg: doublePrecision('wtw_kg'),
    tonneKm: doublePrecision('tonne_km'),
    distanceKm: doublePrecision('distance_km'),
    factorVersionId: integer('factor_version_id').references(() => emissionFactorVersions.id),
    figure: jsonb('figure').$type<EmissionFigure>(),
    unavailable: text('unavailable'),
    computedAt: timestamp('computed_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('order_emissions_month').on(t.industryId, t.month), index('order_emissions_carrier').on(t.carrierId, t.month)],
);
