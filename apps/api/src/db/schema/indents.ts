import { sql } from 'drizzle-orm';
import { bigint, check, doublePrecision, index, integer, pgTable, serial, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from './auth.ts';
import { contracts, rfqLanes } from './contracts.ts';
import { plants } from './plants.ts';
import { transportRequests } from './requests.ts';
import { products, vehicleTypes } from './settings.ts';
import { industries, industryCarriers, timestamps } from './tenancy.ts';

/**
 * Indents (issue 11): vehicles asked for on a contracted lane. The carriers of the waterfall are
 * asked one at a time (indent_allocations), each within `answerMinutes`; accepted vehicles become
 * orders at the carrier's contract rate; what nobody takes is the spot indent. Invariant, kept by
 * every move under the indent's row lock: vehicles = accepted + spot + (vehicles still asked).
 */
export const INDENT_STATUSES = ['open', 'fulfilled', 'spot', 'cancelled'] as const;
export const ALLOCATION_STATUSES = ['queued', 'offered', 'accepted', 'rejected', 'expired', 'passed', 'skipped'] as const;

export const indents = pgTable(
  'indents',
  {
    id: serial('id').primaryKey(),
    industryId: integer('industry_id')
      .notNull()
      .references(() => industries.id),
    number: text('number').notNull(),
    /** The indents placed together share it (the `single` of edit/{id}/{single}). */
    batchId: uuid('batch_id').notNull(),
    status: text('status', { enum: INDENT_STATUSES }).notNull().default('open'),
    plantId: integer('plant_id')
      .notNull()
      .references(() => plants.id),
    laneId: integer('lane_id')
      .notNull()
      .references(() => rfqLanes.id),
    /** 1 outbound (from the plant), 2 inbound (to the plant): the orders' direction. */
    requestType: integer('request_type').notNull(),
    vehicleTypeId: integer('vehicle_type_id')
      .notNull()
      .references(() => vehicleTypes.id),
    vehicles: integer('vehicles').notNull(),
    acceptedVehicles: integer('accepted_vehicles').notNull().default(0),
    spotVehicles: integer('spot_vehicles').notNull().default(0),
    reportingAt: timestamp('reporting_at', { withTimezone: true }).notNull(),
    productId: integer('product_id').references(() => products.id),
    weightTonnes: doublePrecision('weight_tonnes'),
    remarks: text('remarks'),
    answerMinutes: integer('answer_minutes').notNull(),
    /** The rate of the primary's contract: what a backup without its own contract is paid, and the spot target. */
    ratePaise: bigint('rate_paise', { mode: 'number' }).notNull(),
    cancelReason: text('cancel_reason'),
    spotRequestId: integer('spot_request_id').references(() => transportRequests.id),
    /** The ERP's own reference (issue 34): unique within the company where set, never truncated. */
    externalRef: text('external_ref'),
    createdBy: integer('created_by').references(() => users.id),
    ...timestamps(),
  },
  (t) => [
    uniqueIndex('indents_number').on(t.industryId, t.number),
    uniqueIndex('indents_external_ref').on(t.industryId, t.externalRef).where(sql`${t.externalRef} is not null`),
    index('indents_list').on(t.industryId, t.status, t.id),
    index('indents_lane').on(t.laneId, t.reportingAt),
    index('indents_batch').on(t.batchId),
    check(
      'indents_vehicles',
      sql`${t.vehicles} >= ${t.acceptedVehicles} + ${t.spotVehicles} and ${t.acceptedVehicles} >= 0 and ${t.spotVehicles} >= 0`,
    ),
  ],
);

/** One carrier's turn in an indent's waterfall, in `seq` order. */
export const indentAllocations = pgTable(
  'indent_allocations',
  {
    id: serial('id').primaryKey(),
    indentId: integer('indent_id')
      .notNull()
      .references(() => indents.id, { onDelete: 'cascade' }),
    seq: integer('seq').notNull(),
    industryCarrierId: integer('industry_carrier_id')
      .notNull()
      .references(() => industryCarriers.id),
    /** The carrier's own contract on the lane; null for a backup without one (paid the indent's rate). */
    contractId: integer('contract_id').references(() => contracts.id),
    ratePaise: bigint('rate_paise', { mode: 'number' }).notNull(),
    role: text('role', { enum: ['primary', 'backup'] }).notNull(),
    status: text('status', { enum: ALLOCATION_STATUSES }).notNull().default('queued'),
    vehiclesAsked: integer('vehicles_asked'),
    vehiclesAccepted: integer('vehicles_accepted').notNull().default(0),
    offeredAt: timestamp('offered_at', { withTimezone: true }),
    deadlineAt: timestamp('deadline_at', { withTimezone: true }),
    answeredAt: timestamp('answered_at', { withTimezone: true }),
    answeredBy: integer('answered_by').references(() => users.id),
    reason: text('reason'),
  },
  (t) => [
    uniqueIndex('indent_allocations_seq').on(t.indentId, t.seq),
    uniqueIndex('indent_allocations_carrier').on(t.indentId, t.industryCarrierId),
    index('indent_allocations_link').on(t.industryCarrierId, t.status),
    // At most one carrier is asked at a time.
    uniqueIndex('indent_allocations_one_offer').on(t.indentId).where(sql`${t.status} = 'offered'`),
  ],
);
