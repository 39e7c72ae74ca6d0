import { sql } from 'drizzle-orm';
import { bigint, boolean, date, doublePrecision, index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from './auth.ts';
import { indentAllocations, indents } from './indents.ts';
import { plants } from './plants.ts';
import { bids, transportRequests } from './requests.ts';
import { products, vehicleTypes } from './settings.ts';
import { carriers, industries, industryCarriers, timestamps } from './tenancy.ts';

/** One vehicle's load for one carrier: from an award, an accepted indent, or typed in (offline). */
export const orders = pgTable(
  'orders',
  {
    id: serial('id').primaryKey(),
    industryId: integer('industry_id')
      .notNull()
      .references(() => industries.id),
    number: text('number').notNull(),
    source: text('source', { enum: ['request', 'indent', 'offline'] }).notNull(),
    requestId: integer('request_id').references(() => transportRequests.id),
    bidId: integer('bid_id').references(() => bids.id),
    /** The indent (and the carrier's turn in it) whose acceptance made the order. */
    indentId: integer('indent_id').references(() => indents.id),
    indentAllocationId: integer('indent_allocation_id').references(() => indentAllocations.id),
    requestType: integer('request_type').notNull(),
    industryCarrierId: integer('industry_carrier_id')
      .notNull()
      .references(() => industryCarriers.id),
    /**
     * The link's carrier, kept by the database (migration 0034's triggers: on an order's insert or
     * change of link, and on a link's change of carrier), never written by the app: the carrier
     * portal reads a carrier's orders of every shipper by it, newest first from one index, where its
     * links would each be read whole. Drizzle sends null on insert; the trigger fills it before the
     * NOT NULL check.
     */
    carrierId: integer('carrier_id')
      .notNull()
      .references(() => carriers.id)
      .$defaultFn(() => sql`null`),
    plantId: integer('plant_id')
      .notNull()
      .references(() => plants.id),
    vehicleTypeId: integer('vehicle_type_id')
      .notNull()
      .references(() => vehicleTypes.id),
    pricePaise: bigint('price_paise', { mode: 'number' }).notNull(),
    priceBasis: text('price_basis').notNull(),
    pickupAt: timestamp('pickup_at', { withTimezone: true }).notNull(),
    status: text('status').notNull().default('placed'),
    vehicleNumber: text('vehicle_number'),
    driverName: text('driver_name'),
    driverMobile: text('driver_mobile'),
    /** The driver's licence number and date of birth, as SARATHI asks them (issue 37): optional at assignment. */
    driverLicenceNumber: text('driver_licence_number'),
    driverDob: date('driver_dob', { mode: 'string' }),
    rejectedAt: timestamp('rejected_at', { withTimezone: true }),
    rejectReason: text('reject_reason'),
    /** Stamped when the order moves to gate in / gate out (the gate module records those moves). */
    gateInAt: timestamp('gate_in_at', { withTimezone: true }),
    gateOutAt: timestamp('gate_out_at', { withTimezone: true }),
    /** The other moves' times, stamped by the move (lists, reports and turnaround read them). */
    reportedAt: timestamp('reported_at', { withTimezone: true }),
    arrivedAt: timestamp('arrived_at', { withTimezone: true }),
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
    closedAt: timestamp('closed_at', { withTimezone: true }),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
    cancelReason: text('cancel_reason'),
    /** Minutes from reported to gate out at the plant: the gate's turnaround, kept for reports. */
    turnaroundMinutes: integer('turnaround_minutes'),
    /**
     * The order's e-way bills as the compliance report reads them, kept by the database's triggers
     * (migration 0030) on every change of a bill or of the order's gate out or delivery: whether a
     * bill covered the gate out (false until gated out), how many bills were extended, the active
     * bills' validity ends, and how many of those ended on the road before the delivery.
     */
    ewayCovered: boolean('eway_covered').notNull().default(false),
    ewayExtended: integer('eway_extended').notNull().default(0),
    ewayActiveUntil: timestamp('eway_active_until', { withTimezone: true }).array(),
    ewayExpiredOnRoad: integer('eway_expired_on_road').notNull().default(0),
    /** The vehicle at the gate was not the one assigned (let in with an override reason). */
    vehicleMismatch: boolean('vehicle_mismatch').notNull().default(false),
    /** What the load is: from the request, or typed on an offline order. */
    productId: integer('product_id').references(() => products.id),
    weightTonnes: doublePrecision('weight_tonnes'),
    /**
     * The lane it ran, as reports name and filter it ("Pune Chakan Plant → Surat"): written with
     * its stops (order-lane.ts writeLane), a copy as the places were named then, like the stops.
     */
    lane: text('lane').notNull().default(''),
    /** The ERP's own reference (issue 34): unique within the company where set, never truncated. */
    externalRef: text('external_ref'),
    ...timestamps(),
  },
  (t) => [
    uniqueIndex('orders_number').on(t.industryId, t.number),
    uniqueIndex('orders_external_ref').on(t.industryId, t.externalRef).where(sql`${t.externalRef} is not null`),
    // The lists (issue 15): each filter after the tenant and direction, then the sort, then the id
    // that breaks ties, so a page, its capped count and a deep page read the index alone.
    index('orders_direction').on(t.industryId, t.requestType, t.id),
    index('orders_list').on(t.industryId, t.requestType, t.status, t.id),
    index('orders_plant').on(t.industryId, t.requestType, t.plantId, t.id),
    index('orders_plant_status').on(t.industryId, t.requestType, t.plantId, t.status, t.id),
    index('orders_pickup').on(t.industryId, t.requestType, t.pickupAt, t.id),
    index('orders_lane').on(t.industryId, t.lane),
    index('orders_created').on(t.industryId, t.requestType, t.createdAt, t.id),
    index('orders_rejected').on(t.industryId, t.requestType, t.rejectedAt, t.id).where(sql`${t.rejectedAt} is not null`),
    index('orders_gate_in').on(t.industryId, t.requestType, t.gateInAt, t.id).where(sql`${t.gateInAt} is not null`),
    index('orders_gate_out').on(t.industryId, t.requestType, t.gateOutAt, t.id).where(sql`${t.gateOutAt} is not null`),
    // A shipper's carrier filter.
    index('orders_carrier').on(t.industryCarrierId, t.industryId, t.requestType, t.id),
    // The carrier portal: a carrier's orders at every shipper, newest first, by status, by pickup.
    index('orders_by_carrier').on(t.carrierId, t.id),
    index('orders_by_carrier_status').on(t.carrierId, t.status, t.id),
    index('orders_by_carrier_pickup').on(t.carrierId, t.pickupAt, t.id),
    // Number search: a whole or leading number (ORD-2026-0001…) by prefix, any part by trigram.
    index('orders_number_prefix').on(t.industryId, t.number.op('text_pattern_ops')),
    index('orders_number_trgm').using('gin', t.number.op('gin_trgm_ops')),
    index('orders_vehicle_trgm').using('gin', t.vehicleNumber.op('gin_trgm_ops')),
    index('orders_request').on(t.requestId),
    index('orders_indent').on(t.indentId),
    // The gate's day: a plant's orders by pickup.
    index('orders_plant_pickup').on(t.plantId, t.pickupAt),
    index('orders_vehicle').on(t.vehicleNumber),
  ],
);

/** The order's timeline: every status change with who, when and why. */
export const orderEvents = pgTable(
  'order_events',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    fromStatus: text('from_status'),
    toStatus: text('to_status').notNull(),
    by: integer('by').references(() => users.id),
    reason: text('reason'),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('order_events_order').on(t.orderId)],
);
