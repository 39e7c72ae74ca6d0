import { bigint, boolean, doublePrecision, index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from './auth.ts';
import { plants } from './plants.ts';
import { bids, transportRequests } from './requests.ts';
import { products, vehicleTypes } from './settings.ts';
import { industries, industryCarriers, timestamps } from './tenancy.ts';

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
    requestType: integer('request_type').notNull(),
    industryCarrierId: integer('industry_carrier_id')
      .notNull()
      .references(() => industryCarriers.id),
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
    /** The vehicle at the gate was not the one assigned (let in with an override reason). */
    vehicleMismatch: boolean('vehicle_mismatch').notNull().default(false),
    /** What the load is: from the request, or typed on an offline order. */
    productId: integer('product_id').references(() => products.id),
    weightTonnes: doublePrecision('weight_tonnes'),
    ...timestamps(),
  },
  (t) => [
    uniqueIndex('orders_number').on(t.industryId, t.number),
    index('orders_list').on(t.industryId, t.requestType, t.status),
    index('orders_carrier').on(t.industryCarrierId),
    index('orders_request').on(t.requestId),
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
