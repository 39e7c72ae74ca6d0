import { sql } from 'drizzle-orm';
import { bigint, index, integer, jsonb, pgTable, primaryKey, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from './auth.ts';
import { industries, plans, statusColumn, subscriptions, timestamps } from './tenancy.ts';

/** Platform-wide settings (joining fee …), one row per key. */
export const platformSettings = pgTable('platform_settings', {
  key: text('key').primaryKey(),
  value: jsonb('value').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** A payment for a plan (or the joining fee) through a payment provider. */
export const payments = pgTable(
  'payments',
  {
    id: serial('id').primaryKey(),
    industryId: integer('industry_id')
      .notNull()
      .references(() => industries.id),
    planId: integer('plan_id').references(() => plans.id),
    subscriptionId: integer('subscription_id').references(() => subscriptions.id),
    purpose: text('purpose', { enum: ['plan', 'joining-fee'] }).notNull(),
    /** What is payable: the plan's price plus GST (the parts below; zero GST before issue 33's plan invoices). */
    amountPaise: bigint('amount_paise', { mode: 'number' }).notNull(),
    taxablePaise: bigint('taxable_paise', { mode: 'number' }),
    cgstPaise: bigint('cgst_paise', { mode: 'number' }).notNull().default(0),
    sgstPaise: bigint('sgst_paise', { mode: 'number' }).notNull().default(0),
    igstPaise: bigint('igst_paise', { mode: 'number' }).notNull().default(0),
    provider: text('provider').notNull(),
    providerRef: text('provider_ref'),
    status: text('status', { enum: ['awaiting_confirmation', 'paid', 'cancelled'] }).notNull(),
    requestedBy: integer('requested_by').references(() => users.id),
    confirmedBy: integer('confirmed_by').references(() => users.id),
    confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
    ...timestamps(),
  },
  (t) => [
    index('payments_industry').on(t.industryId),
    uniqueIndex('payments_plan_utr').on(sql`upper(${t.providerRef})`).where(sql`${t.purpose} = 'plan' and ${t.status} = 'paid'`),
  ],
);

export const countries = pgTable(
  'countries',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    code: text('code').notNull(),
    status: statusColumn(),
    ...timestamps(),
  },
  (t) => [uniqueIndex('countries_code').on(t.code)],
);

export const states = pgTable(
  'states',
  {
    id: serial('id').primaryKey(),
    countryId: integer('country_id')
      .notNull()
      .references(() => countries.id),
    name: text('name').notNull(),
    code: text('code').notNull(),
    status: statusColumn(),
    ...timestamps(),
  },
  (t) => [uniqueIndex('states_country_name').on(t.countryId, t.name)],
);

export const cities = pgTable(
  'cities',
  {
    id: serial('id').primaryKey(),
    stateId: integer('state_id')
      .notNull()
      .references(() => states.id),
    name: text('name').notNull(),
    status: statusColumn(),
    ...timestamps(),
  },
  (t) => [uniqueIndex('cities_state_name').on(t.stateId, t.name)],
);

/** What's new: notices the platform admin publishes to shipper users. */
export const notices = pgTable('notices', {
  id: serial('id').primaryKey(),
  title: text('title').notNull(),
  body: text('body').notNull(),
  publishedAt: timestamp('published_at', { withTimezone: true }),
  status: statusColumn(),
  ...timestamps(),
});

export const noticeReads = pgTable(
  'notice_reads',
  {
    noticeId: integer('notice_id')
      .notNull()
      .references(() => notices.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    readAt: timestamp('read_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.noticeId, t.userId] })],
);

/** GPS trackers and e-locks the platform lends to shippers. */
export const devices = pgTable(
  'devices',
  {
    id: serial('id').primaryKey(),
    serial: text('serial').notNull(),
    kind: text('kind', { enum: ['gps', 'lock'] }).notNull(),
    model: text('model'),
    simNumber: text('sim_number'),
    state: text('state', { enum: ['with_admin', 'with_shipper', 'on_order', 'sent_back'] })
      .notNull()
      .default('with_admin'),
    industryId: integer('industry_id').references(() => industries.id),
    ...timestamps(),
  },
  (t) => [uniqueIndex('devices_serial').on(t.serial), index('devices_industry').on(t.industryId)],
);
