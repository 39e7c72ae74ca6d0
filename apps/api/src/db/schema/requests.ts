import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  doublePrecision,
  index,
  integer,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { users } from './auth.ts';
import { stops } from './locations.ts';
import { partyAddresses } from './parties.ts';
import { plants } from './plants.ts';
import { packages, products, vehicleTypes } from './settings.ts';
import { carrierGroups, industries, industryCarriers, timestamps } from './tenancy.ts';

/** Per-shipper counters for human numbers (OB-2026-000123). */
export const counters = pgTable(
  'counters',
  {
    industryId: integer('industry_id')
      .notNull()
      .references(() => industries.id),
    name: text('name').notNull(),
    value: integer('value').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.industryId, t.name] })],
);

/** A transport request (spot): inbound is request type 2, outbound anything else (1). */
export const transportRequests = pgTable(
  'transport_requests',
  {
    id: serial('id').primaryKey(),
    industryId: integer('industry_id')
      .notNull()
      .references(() => industries.id),
    number: text('number').notNull(),
    requestType: integer('request_type').notNull(),
    status: text('status').notNull(),
    plantId: integer('plant_id')
      .notNull()
      .references(() => plants.id),
    pickupAddressId: integer('pickup_address_id').references(() => partyAddresses.id),
    productId: integer('product_id').references(() => products.id),
    packageId: integer('package_id').references(() => packages.id),
    quantity: doublePrecision('quantity'),
    weightTonnes: doublePrecision('weight_tonnes').notNull(),
    vehicleTypeId: integer('vehicle_type_id')
      .notNull()
      .references(() => vehicleTypes.id),
    vehicleCount: integer('vehicle_count').notNull(),
    pickupAt: timestamp('pickup_at', { withTimezone: true }).notNull(),
    bidStartAt: timestamp('bid_start_at', { withTimezone: true }).notNull(),
    bidEndAt: timestamp('bid_end_at', { withTimezone: true }).notNull(),
    targetPricePaise: bigint('target_price_paise', { mode: 'number' }),
    priceBasis: text('price_basis').notNull().default('trip'),
    hideMaterial: boolean('hide_material').notNull().default(false),
    remarks: text('remarks'),
    /** The ERP's own reference (issue 34): unique within the company where set, never truncated. */
    externalRef: text('external_ref'),
    createdBy: integer('created_by').references(() => users.id),
    ...timestamps(),
  },
  (t) => [
    uniqueIndex('transport_requests_number').on(t.industryId, t.number),
    uniqueIndex('transport_requests_external_ref').on(t.industryId, t.externalRef).where(sql`${t.externalRef} is not null`),
    // The request list's filters and sorts, as the order list's (issue 15).
    index('transport_requests_direction').on(t.industryId, t.requestType, t.id),
    index('transport_requests_list').on(t.industryId, t.requestType, t.status, t.id),
    index('transport_requests_plant').on(t.industryId, t.requestType, t.plantId, t.id),
    index('transport_requests_pickup').on(t.industryId, t.requestType, t.pickupAt, t.id),
    index('transport_requests_bid_end').on(t.industryId, t.requestType, t.bidEndAt, t.id),
    index('transport_requests_created').on(t.industryId, t.requestType, t.createdAt, t.id),
    index('transport_requests_number_prefix').on(t.industryId, t.number.op('text_pattern_ops')),
    index('transport_requests_number_trgm').using('gin', t.number.op('gin_trgm_ops')),
    check('transport_requests_type', sql`${t.requestType} in (1, 2)`),
    check('transport_requests_vehicles', sql`${t.vehicleCount} > 0`),
  ],
);

export const requestDropoffs = pgTable(
  'request_dropoffs',
  {
    requestId: integer('request_id')
      .notNull()
      .references(() => transportRequests.id, { onDelete: 'cascade' }),
    seq: integer('seq').notNull(),
    addressId: integer('address_id').references(() => partyAddresses.id),
    stopId: integer('stop_id').references(() => stops.id),
  },
  (t) => [primaryKey({ columns: [t.requestId, t.seq] })],
);

/** Carriers invited directly. */
export const requestInvites = pgTable(
  'request_invites',
  {
    requestId: integer('request_id')
      .notNull()
      .references(() => transportRequests.id, { onDelete: 'cascade' }),
    industryCarrierId: integer('industry_carrier_id')
      .notNull()
      .references(() => industryCarriers.id),
  },
  // By link: the requests a carrier is invited to (lib/policy.ts invitedRequests).
  (t) => [primaryKey({ columns: [t.requestId, t.industryCarrierId] }), index('request_invites_link').on(t.industryCarrierId, t.requestId)],
);

/** Carrier groups invited (their members at bid time). */
export const requestInviteGroups = pgTable(
  'request_invite_groups',
  {
    requestId: integer('request_id')
      .notNull()
      .references(() => transportRequests.id, { onDelete: 'cascade' }),
    groupId: integer('group_id')
      .notNull()
      .references(() => carrierGroups.id),
  },
  // By group: the requests a carrier's groups are invited to (lib/policy.ts invitedRequests).
  (t) => [primaryKey({ columns: [t.requestId, t.groupId] }), index('request_invite_groups_group').on(t.groupId, t.requestId)],
);

/** A carrier's current bid on a request; each revision is kept in bid_revisions. */
export const bids = pgTable(
  'bids',
  {
    id: serial('id').primaryKey(),
    requestId: integer('request_id')
      .notNull()
      .references(() => transportRequests.id, { onDelete: 'cascade' }),
    industryCarrierId: integer('industry_carrier_id')
      .notNull()
      .references(() => industryCarriers.id),
    amountPaise: bigint('amount_paise', { mode: 'number' }).notNull(),
    vehicles: integer('vehicles').notNull(),
    /** When the current amount was bid: ties in amount go to the earlier bid. */
    bidAt: timestamp('bid_at', { withTimezone: true }).notNull().defaultNow(),
    revisions: integer('revisions').notNull().default(0),
    ...timestamps(),
  },
  (t) => [
    uniqueIndex('bids_request_carrier').on(t.requestId, t.industryCarrierId),
    index('bids_rank').on(t.requestId, t.amountPaise, t.bidAt),
    check('bids_positive', sql`${t.amountPaise} > 0 and ${t.vehicles} > 0`),
  ],
);

export const bidRevisions = pgTable(
  'bid_revisions',
  {
    id: serial('id').primaryKey(),
    bidId: integer('bid_id')
      .notNull()
      .references(() => bids.id, { onDelete: 'cascade' }),
    amountPaise: bigint('amount_paise', { mode: 'number' }).notNull(),
    vehicles: integer('vehicles').notNull(),
    /** A retried call with the same key creates nothing new. */
    idempotencyKey: text('idempotency_key'),
    by: integer('by').references(() => users.id),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('bid_revisions_idempotency').on(t.bidId, t.idempotencyKey)],
);
