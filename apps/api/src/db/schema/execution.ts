import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { users } from './auth.ts';
import { documents } from './documents.ts';
import { stops } from './locations.ts';
import { orders } from './orders.ts';
import { partyAddresses } from './parties.ts';
import { plants } from './plants.ts';
import { industries } from './tenancy.ts';

/**
 * The order's lane: where the vehicle loads and every place it unloads, in order. A copy made
 * when the order is placed (from the request, or typed for an offline order), with the label and
 * coordinates as they were, so a later edit of an address never moves a shipment already on the road.
 */
export const orderStops = pgTable(
  'order_stops',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    seq: integer('seq').notNull(),
    kind: text('kind', { enum: ['pickup', 'drop'] }).notNull(),
    plantId: integer('plant_id').references(() => plants.id),
    addressId: integer('address_id').references(() => partyAddresses.id),
    stopId: integer('stop_id').references(() => stops.id),
    label: text('label').notNull(),
    city: text('city'),
    latitude: doublePrecision('latitude'),
    longitude: doublePrecision('longitude'),
    geofenceRadius: integer('geofence_radius'),
  },
  (t) => [uniqueIndex('order_stops_seq').on(t.orderId, t.seq)],
);

/**
 * What the gate recorded: gate in (vehicle checked against the order), loaded or unloaded
 * (weights, seal, invoice and LR), gate out (documents present). Each is also a status move of the
 * order (its timeline); this row keeps what the guard saw.
 */
export const gateEvents = pgTable(
  'gate_events',
  {
    id: serial('id').primaryKey(),
    industryId: integer('industry_id')
      .notNull()
      .references(() => industries.id),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    plantId: integer('plant_id')
      .notNull()
      .references(() => plants.id),
    kind: text('kind', { enum: ['gate_in', 'loaded', 'unloaded', 'gate_out'] }).notNull(),
    at: timestamp('at', { withTimezone: true }).notNull(),
    by: integer('by').references(() => users.id),
    /** The registration the guard read on the vehicle. */
    vehicleNumberSeen: text('vehicle_number_seen'),
    vehicleMismatch: boolean('vehicle_mismatch').notNull().default(false),
    overrideReason: text('override_reason'),
    driverChecked: boolean('driver_checked'),
    grossKg: doublePrecision('gross_kg'),
    tareKg: doublePrecision('tare_kg'),
    netKg: doublePrecision('net_kg'),
    sealNumber: text('seal_number'),
    invoiceNumber: text('invoice_number'),
    lrNumber: text('lr_number'),
    /** Documents the guard saw at gate out: 'invoice', 'lr', 'eway_bill', 'weighbridge_slip'. */
    documentsPresent: jsonb('documents_present').$type<string[]>(),
    remarks: text('remarks'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // One of each kind per order: two guards gating the same vehicle at once record one gate in.
    uniqueIndex('gate_events_once').on(t.orderId, t.kind),
    index('gate_events_plant_day').on(t.plantId, t.at),
  ],
);

/**
 * Proof of delivery: the carrier's (or, inbound, the receiving gate's) record of the delivery,
 * with the signed copy or photo. The shipper accepts it (the order closes) or sends it back with a
 * reason; every version is kept.
 */
export const pods = pgTable(
  'pods',
  {
    id: serial('id').primaryKey(),
    industryId: integer('industry_id')
      .notNull()
      .references(() => industries.id),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    version: integer('version').notNull(),
    deliveredAt: timestamp('delivered_at', { withTimezone: true }).notNull(),
    receiverName: text('receiver_name').notNull(),
    receiverMobile: text('receiver_mobile'),
    /** Quantities short and damaged, in the load's own units (bags, drums, tonnes). */
    shortageQty: doublePrecision('shortage_qty').notNull().default(0),
    damageQty: doublePrecision('damage_qty').notNull().default(0),
    remarks: text('remarks'),
    documentId: integer('document_id').references(() => documents.id),
    status: text('status', { enum: ['submitted', 'accepted', 'rejected'] })
      .notNull()
      .default('submitted'),
    submittedBy: integer('submitted_by').references(() => users.id),
    decidedBy: integer('decided_by').references(() => users.id),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    decisionReason: text('decision_reason'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('pods_version').on(t.orderId, t.version),
    check('pods_quantities', sql`${t.shortageQty} >= 0 and ${t.damageQty} >= 0`),
  ],
);

/**
 * E-way bills of an order (several when the load travels on several invoices). Validity is
 * computed from the generation time and distance (one day per 200 km, per 20 km for
 * over-dimensional cargo, ending 23:59:59 IST), never typed.
 */
export const ewayBills = pgTable(
  'eway_bills',
  {
    id: serial('id').primaryKey(),
    industryId: integer('industry_id')
      .notNull()
      .references(() => industries.id),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    number: text('number').notNull(),
    generatedAt: timestamp('generated_at', { withTimezone: true }).notNull(),
    distanceKm: integer('distance_km').notNull(),
    overDimensional: boolean('over_dimensional').notNull().default(false),
    validUntil: timestamp('valid_until', { withTimezone: true }).notNull(),
    valuePaise: bigint('value_paise', { mode: 'number' }).notNull(),
    fromGstin: text('from_gstin').notNull(),
    toGstin: text('to_gstin'),
    vehicleNumber: text('vehicle_number'),
    status: text('status', { enum: ['active', 'cancelled'] })
      .notNull()
      .default('active'),
    extensions: integer('extensions').notNull().default(0),
    /** `provider`: fetched from the e-way bill system (or its simulator); `manual`: typed in. */
    source: text('source', { enum: ['provider', 'manual'] }).notNull(),
    createdBy: integer('created_by').references(() => users.id),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
    cancelReason: text('cancel_reason'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // An e-way bill number is unique across India; one live row per number.
    uniqueIndex('eway_bills_number').on(t.number).where(sql`${t.status} = 'active'`),
    index('eway_bills_order').on(t.orderId),
    index('eway_bills_valid').on(t.status, t.validUntil),
  ],
);
