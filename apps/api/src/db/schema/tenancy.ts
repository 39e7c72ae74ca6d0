import { sql } from 'drizzle-orm';
import { bigint, boolean, check, index, integer, pgTable, primaryKey, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
const updatedAt = () => timestamp('updated_at', { withTimezone: true }).notNull().defaultNow();
export const timestamps = () => ({ createdAt: createdAt(), updatedAt: updatedAt() });
export const statusColumn = () =>
  text('status', { enum: ['active', 'inactive'] })
    .notNull()
    .default('active');

/** A shipper company: the tenant. */
export const industries = pgTable('industries', {
  id: serial('id').primaryKey(),
  name: text('name').notNull(),
  gstin: text('gstin'),
  status: statusColumn(),
  hideMaterialRequest: boolean('hide_material_request').notNull().default(false),
  hideMaterialRfp: boolean('hide_material_rfp').notNull().default(false),
  canAddRequest: boolean('can_add_request').notNull().default(true),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

/** A carrier (transporter) company: global, linked to shippers through industry_carriers. */
export const carriers = pgTable(
  'carriers',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    pan: text('pan'),
    gstin: text('gstin'),
    contactName: text('contact_name'),
    mobile: text('mobile'),
    email: text('email'),
    address: text('address'),
    city: text('city'),
    state: text('state'),
    pincode: text('pincode'),
    fleetSize: integer('fleet_size'),
    /** Where shippers pay it (the bank bulk-payment file): set by the carrier's users alone. */
    bankAccountName: text('bank_account_name'),
    bankAccountNumber: text('bank_account_number'),
    bankIfsc: text('bank_ifsc'),
    bankName: text('bank_name'),
    bankUpdatedAt: timestamp('bank_updated_at', { withTimezone: true }),
    status: statusColumn(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('carriers_gstin').on(t.gstin).where(sql`${t.gstin} is not null`)],
);

export const industryCarriers = pgTable(
  'industry_carriers',
  {
    id: serial('id').primaryKey(),
    industryId: integer('industry_id')
      .notNull()
      .references(() => industries.id),
    carrierId: integer('carrier_id')
      .notNull()
      .references(() => carriers.id),
    code: text('code'),
    status: text('status', { enum: ['active', 'blocked'] })
      .notNull()
      .default('active'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  // By carrier: a carrier's links, where every rule of what a carrier sees starts (lib/policy.ts).
  (t) => [
    uniqueIndex('industry_carriers_pair').on(t.industryId, t.carrierId),
    index('industry_carriers_carrier').on(t.carrierId, t.status),
  ],
);

/** A shipper's named set of linked carriers, used to invite many at once. */
export const carrierGroups = pgTable(
  'carrier_groups',
  {
    id: serial('id').primaryKey(),
    industryId: integer('industry_id')
      .notNull()
      .references(() => industries.id),
    name: text('name').notNull(),
    status: statusColumn(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('carrier_groups_industry_name').on(t.industryId, t.name)],
);

export const carrierGroupMembers = pgTable(
  'carrier_group_members',
  {
    groupId: integer('group_id')
      .notNull()
      .references(() => carrierGroups.id, { onDelete: 'cascade' }),
    industryCarrierId: integer('industry_carrier_id')
      .notNull()
      .references(() => industryCarriers.id, { onDelete: 'cascade' }),
  },
  // By link: the groups a carrier is in (a carrier's requests, lib/policy.ts invitedRequests).
  (t) => [
    primaryKey({ columns: [t.groupId, t.industryCarrierId] }),
    index('carrier_group_members_link').on(t.industryCarrierId, t.groupId),
  ],
);

/** A shipper's role: a named permission set for its staff (type 4). */
export const roles = pgTable(
  'roles',
  {
    id: serial('id').primaryKey(),
    industryId: integer('industry_id')
      .notNull()
      .references(() => industries.id),
    name: text('name').notNull(),
    permissions: text('permissions').array().notNull().default(sql`'{}'::text[]`),
    status: statusColumn(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('roles_industry_name').on(t.industryId, t.name)],
);

export const plans = pgTable(
  'plans',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    pricePaise: bigint('price_paise', { mode: 'number' }).notNull(),
    durationDays: integer('duration_days').notNull(),
    noOfMembers: integer('no_of_members').notNull(),
    noOfPlants: integer('no_of_plants').notNull(),
    status: statusColumn(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [check('plans_limits_positive', sql`${t.noOfMembers} >= 0 and ${t.noOfPlants} >= 0`)],
);

/** A plan held by a shipper for a period. The current one covers now and is active. */
export const subscriptions = pgTable('subscriptions', {
  id: serial('id').primaryKey(),
  industryId: integer('industry_id')
    .notNull()
    .references(() => industries.id),
  planId: integer('plan_id')
    .notNull()
    .references(() => plans.id),
  startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
  endsAt: timestamp('ends_at', { withTimezone: true }).notNull(),
  status: text('status', { enum: ['pending', 'active', 'cancelled'] })
    .notNull()
    .default('active'),
  createdAt: createdAt(),
});

export const businessUnits = pgTable(
  'business_units',
  {
    id: serial('id').primaryKey(),
    industryId: integer('industry_id')
      .notNull()
      .references(() => industries.id),
    name: text('name').notNull(),
    code: text('code').notNull(),
    status: statusColumn(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('business_units_industry_code').on(t.industryId, t.code)],
);
