import { sql } from 'drizzle-orm';
import { bigint, boolean, doublePrecision, integer, pgTable, serial, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { plants } from './plants.ts';
import { industries, industryCarriers, statusColumn, timestamps } from './tenancy.ts';

export const products = pgTable(
  'products',
  {
    id: serial('id').primaryKey(),
    industryId: integer('industry_id')
      .notNull()
      .references(() => industries.id),
    name: text('name').notNull(),
    hsnCode: text('hsn_code'),
    unit: text('unit').notNull(),
    status: statusColumn(),
    ...timestamps(),
  },
  (t) => [uniqueIndex('products_industry_name').on(t.industryId, t.name)],
);

export const packages = pgTable(
  'packages',
  {
    id: serial('id').primaryKey(),
    industryId: integer('industry_id')
      .notNull()
      .references(() => industries.id),
    name: text('name').notNull(),
    unitWeightKg: doublePrecision('unit_weight_kg').notNull(),
    status: statusColumn(),
    ...timestamps(),
  },
  (t) => [uniqueIndex('packages_industry_name').on(t.industryId, t.name)],
);

/** Vehicle types: rows without a shipper are the global catalogue every shipper sees. */
export const vehicleTypes = pgTable(
  'vehicle_types',
  {
    id: serial('id').primaryKey(),
    industryId: integer('industry_id').references(() => industries.id),
    name: text('name').notNull(),
    body: text('body').notNull(),
    capacityTonnes: doublePrecision('capacity_tonnes').notNull(),
    /** What it burns, for its emissions (issue 37): diesel unless said otherwise. */
    fuel: text('fuel', { enum: ['diesel', 'cng'] })
      .notNull()
      .default('diesel'),
    status: statusColumn(),
    ...timestamps(),
  },
  (t) => [uniqueIndex('vehicle_types_industry_name').on(sql`coalesce(${t.industryId}, 0)`, t.name)],
);

/** Bid position visibility: one default row (no plant) and one per plant at most. */
export const bidVisibilitySettings = pgTable(
  'bid_visibility_settings',
  {
    id: serial('id').primaryKey(),
    industryId: integer('industry_id')
      .notNull()
      .references(() => industries.id),
    plantId: integer('plant_id').references(() => plants.id),
    visibility: text('visibility').notNull(),
    minDecrementPaise: bigint('min_decrement_paise', { mode: 'number' }).notNull().default(0),
    antiSnipingMinutes: integer('anti_sniping_minutes').notNull().default(5),
    /** Hours after bid end to award; a closed request not awarded by then expires. */
    awardWindowHours: integer('award_window_hours').notNull().default(48),
    status: statusColumn(),
    ...timestamps(),
  },
  (t) => [uniqueIndex('bid_visibility_industry_plant').on(t.industryId, sql`coalesce(${t.plantId}, 0)`)],
);

/** Payment terms: default, per plant, per carrier, or per plant and carrier. */
export const paymentSettings = pgTable(
  'payment_settings',
  {
    id: serial('id').primaryKey(),
    industryId: integer('industry_id')
      .notNull()
      .references(() => industries.id),
    plantId: integer('plant_id').references(() => plants.id),
    carrierLinkId: integer('carrier_link_id').references(() => industryCarriers.id),
    advancePercent: doublePrecision('advance_percent').notNull(),
    balanceOnPod: boolean('balance_on_pod').notNull().default(true),
    creditDays: integer('credit_days').notNull(),
    /** Detention: free hours at each end, then this much a day, pro rata by the whole hour. */
    detentionFreeHours: integer('detention_free_hours').notNull().default(24),
    detentionPerDayPaise: bigint('detention_per_day_paise', { mode: 'number' }).notNull().default(0),
    status: statusColumn(),
    ...timestamps(),
  },
  (t) => [uniqueIndex('payment_settings_scope').on(t.industryId, sql`coalesce(${t.plantId}, 0)`, sql`coalesce(${t.carrierLinkId}, 0)`)],
);

/** A shipper's tracking settings (issue 10): one row per shipper, none while it keeps the defaults. */
export const trackingSettings = pgTable(
  'tracking_settings',
  {
    id: serial('id').primaryKey(),
    industryId: integer('industry_id')
      .notNull()
      .references(() => industries.id),
    haltMinutes: integer('halt_minutes').notNull(),
    noSignalMinutes: integer('no_signal_minutes').notNull(),
    publicLinkGraceHours: integer('public_link_grace_hours').notNull(),
    simPingMinutes: integer('sim_ping_minutes').notNull(),
    /** How long a vehicle must be seen inside a stop's geofence before tracking moves the order (issue 31). */
    arrivalDwellMinutes: integer('arrival_dwell_minutes').notNull().default(5),
    ...timestamps(),
  },
  (t) => [uniqueIndex('tracking_settings_industry').on(t.industryId)],
);
