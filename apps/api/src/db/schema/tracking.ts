import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  real,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { users } from './auth.ts';
import { orders } from './orders.ts';
import { devices } from './platform.ts';
import { carriers, industries, timestamps } from './tenancy.ts';

/**
 * Tracking (issue 10). One design for the four sources: phones and GPS devices (OsmAnd, Traccar
 * forwarding) report through a registered device; phone-SIM, FASTag and rail are polled per trip by
 * provider adapters and write the same positions with the provider's reference. docs/decisions/
 * (records 0089–0108 and later tracking records, see docs/decisions/README.md) explain the choices.
 */

/** What a device is: a phone running a tracker app, a GPS unit, or a GPS lock the platform lent. */
export const TRACKING_DEVICE_KINDS = ['phone', 'gps', 'lent'] as const;
/**
 * How a device proves who it is (issue 31, docs/security.md "Device trust"): `issued`, a 128-bit
 * identifier the app made and showed once (only its SHA-256 is kept; the OsmAnd port takes only
 * these); `typed`, an identifier typed by hand for hardware that cannot change it (an IMEI, a lent
 * lock's serial), taken only through a Traccar server's authenticated forwarding; `simulated`, the
 * demo's phone, moved by the server itself and never taken from outside.
 */
export const DEVICE_CREDENTIALS = ['issued', 'typed', 'simulated'] as const;
/** How an order is tracked: a device (app or GPS), the driver's SIM, FASTag crossings, or rail FNR. */
export const TRACKING_METHODS = ['device', 'sim', 'fastag', 'rail'] as const;
export const SIM_OPERATORS = ['airtel', 'vi', 'jio', 'bsnl', 'other'] as const;
export const SIM_CONSENT_STATES = ['pending', 'approved', 'rejected', 'revoked', 'expired'] as const;
/** Where a position came from. `simulator` marks the built-in provider simulators' positions; `trip_link` the driver's page of a trip link (record 0300). */
export const POSITION_SOURCES = ['osmand', 'traccar', 'sim', 'fastag', 'rail', 'simulator', 'trip_link'] as const;
export const TRACKING_EVENT_KINDS = ['geofence', 'halt', 'no_signal', 'delay', 'eway_expiring'] as const;

/**
 * A tracking device: the identifier it reports with (the OsmAnd `id`, a Traccar device's unique id,
 * an IMEI, or a lent lock's serial), registered by a shipper or a carrier. A lent lock of the
 * admin's device screens is linked through `platformDeviceId`.
 */
export const trackingDevices = pgTable(
  'tracking_devices',
  {
    id: serial('id').primaryKey(),
    /**
     * How the ingest finds the device, unique over the platform: a typed identifier as the device
     * sends it, trimmed; an issued one as `sha256:` and the hex of its SHA-256 (never the identifier).
     */
    identifier: text('identifier').notNull(),
    kind: text('kind', { enum: TRACKING_DEVICE_KINDS }).notNull(),
    credential: text('credential', { enum: DEVICE_CREDENTIALS }).notNull().default('typed'),
    /** What people see of the identifier: a typed one whole, an issued one's last four characters. */
    hint: text('hint'),
    name: text('name'),
    /** Owner: a shipper (industryId) or a carrier company (carrierId), never both. */
    industryId: integer('industry_id').references(() => industries.id),
    carrierId: integer('carrier_id').references(() => carriers.id),
    platformDeviceId: integer('platform_device_id').references(() => devices.id),
    status: text('status', { enum: ['active', 'inactive'] })
      .notNull()
      .default('active'),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }),
    createdBy: integer('created_by').references(() => users.id),
    ...timestamps(),
  },
  (t) => [
    uniqueIndex('tracking_devices_identifier').on(t.identifier),
    uniqueIndex('tracking_devices_platform').on(t.platformDeviceId),
    index('tracking_devices_industry').on(t.industryId),
    index('tracking_devices_carrier').on(t.carrierId),
  ],
);

/**
 * What a device's positions came to, by reason (`accepted`, or the filter that stopped them): the
 * device's health. Each API process counts in memory and adds its counts every 30 s.
 */
export const trackingDeviceCounts = pgTable(
  'tracking_device_counts',
  {
    deviceId: integer('device_id')
      .notNull()
      .references(() => trackingDevices.id, { onDelete: 'cascade' }),
    reason: text('reason').notNull(),
    count: bigint('count', { mode: 'number' }).notNull(),
    lastAt: timestamp('last_at', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ name: 'tracking_device_counts_pk', columns: [t.deviceId, t.reason] })],
);

/**
 * How one order is tracked on its trip (one row per order; a change of method updates it). The
 * trip starts at gate out or at the first position, and stops on delivery. A device is on one
 * active trip at a time (partial unique index).
 */
export const orderTracking = pgTable(
  'order_tracking',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    industryId: integer('industry_id')
      .notNull()
      .references(() => industries.id),
    method: text('method', { enum: TRACKING_METHODS }).notNull(),
    deviceId: integer('device_id').references(() => trackingDevices.id),
    /** Phone-SIM: the driver's number, its operator, and the operator's consent. */
    simNumber: text('sim_number'),
    simOperator: text('sim_operator', { enum: SIM_OPERATORS }),
    consentState: text('consent_state', { enum: SIM_CONSENT_STATES }),
    consentUpdatedAt: timestamp('consent_updated_at', { withTimezone: true }),
    consentExpiresAt: timestamp('consent_expires_at', { withTimezone: true }),
    /** FASTag: the vehicle registration polled; rail: the 11-digit FNR. */
    vehicleNumber: text('vehicle_number'),
    fnr: text('fnr'),
    /** A provider adapter's own bookkeeping (last poll, last seqNo seen …). */
    providerState: jsonb('provider_state').$type<Record<string, unknown>>(),
    lastPolledAt: timestamp('last_polled_at', { withTimezone: true }),
    startedAt: timestamp('started_at', { withTimezone: true }),
    stoppedAt: timestamp('stopped_at', { withTimezone: true }),
    setBy: integer('set_by').references(() => users.id),
    ...timestamps(),
  },
  (t) => [
    uniqueIndex('order_tracking_order').on(t.orderId),
    uniqueIndex('order_tracking_device_active').on(t.deviceId).where(sql`${t.stoppedAt} is null and ${t.deviceId} is not null`),
    index('order_tracking_active').on(t.method, t.industryId).where(sql`${t.stoppedAt} is null`),
  ],
);

/**
 * Every position of every source, in one table (the sources share every column that matters; a
 * provider's reference fits `providerRef` / `placeName`). On PostgreSQL the migration makes it a
 * table partitioned by week of `fix_time` (partitions created ahead by the tracking-partitions job,
 * dropped whole by retention); on PGlite it stays one table with a BRIN index on time. No foreign
 * keys: they would cost every insert of the busiest table and block dropping partitions.
 */
export const positions = pgTable(
  'positions',
  {
    id: bigint('id', { mode: 'number' }).generatedAlwaysAsIdentity(),
    deviceId: integer('device_id'),
    orderId: integer('order_id'),
    industryId: integer('industry_id'),
    source: text('source', { enum: POSITION_SOURCES }).notNull(),
    fixTime: timestamp('fix_time', { withTimezone: true }).notNull(),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
    /** Null when the position has no fix (cell or wifi only). */
    latitude: doublePrecision('latitude'),
    longitude: doublePrecision('longitude'),
    speedKmh: real('speed_kmh'),
    bearing: real('bearing'),
    altitude: real('altitude'),
    accuracy: real('accuracy'),
    /** Battery level in per cent. */
    battery: real('battery'),
    /** The device's own `valid` flag (false: the fix is unreliable). */
    valid: boolean('valid').notNull().default(true),
    /** The provider's reference: FASTag seqNo, rail report id … */
    providerRef: text('provider_ref'),
    /** The provider's name of the place: toll plaza, rail station. */
    placeName: text('place_name'),
    attributes: jsonb('attributes').$type<Record<string, unknown>>(),
    /**
     * Why the position is kept but used for nothing (no trail, last position, geofence or alert):
     * the filter that stopped it (issue 31, `position-filters.ts`). Null for a position in use.
     */
    filtered: text('filtered'),
  },
  (t) => [
    primaryKey({ name: 'positions_pk', columns: [t.id, t.fixTime] }),
    // The trail of one order (and its places list) in time order.
    index('positions_order_time').on(t.orderId, t.fixTime),
    index('positions_time_brin').using('brin', t.fixTime),
    // A device's position is stored once per fix time (Traccar forwarding, a phone's retry).
    uniqueIndex('positions_device_fix').on(t.deviceId, t.fixTime).where(sql`${t.deviceId} is not null`),
    // A provider's read is stored once (FASTag seqNo, rail report) per order and time.
    uniqueIndex('positions_provider_ref').on(t.orderId, t.source, t.providerRef, t.fixTime).where(sql`${t.providerRef} is not null`),
  ],
);

/**
 * The latest position of each tracked order, never moved backwards by a late position, and the
 * state the halt check reads (`anchorAt`: since when the vehicle has stayed within the halt radius
 * of `anchorLat/Lng`). One row per order: the boards and the shipper's map read only these.
 */
export const trackingLastPositions = pgTable(
  'tracking_last_positions',
  {
    orderId: integer('order_id')
      .primaryKey()
      .references(() => orders.id, { onDelete: 'cascade' }),
    industryId: integer('industry_id').notNull(),
    deviceId: integer('device_id'),
    source: text('source', { enum: POSITION_SOURCES }).notNull(),
    fixTime: timestamp('fix_time', { withTimezone: true }).notNull(),
    latitude: doublePrecision('latitude').notNull(),
    longitude: doublePrecision('longitude').notNull(),
    speedKmh: real('speed_kmh'),
    bearing: real('bearing'),
    battery: real('battery'),
    placeName: text('place_name'),
    /** The latest report of any kind, with or without a fix (no signal reads this). */
    signalAt: timestamp('signal_at', { withTimezone: true }).notNull(),
    anchorLatitude: doublePrecision('anchor_latitude').notNull(),
    anchorLongitude: doublePrecision('anchor_longitude').notNull(),
    anchorAt: timestamp('anchor_at', { withTimezone: true }).notNull(),
    /** The last computed estimate of arrival at the final drop-off, and the road km left. */
    etaAt: timestamp('eta_at', { withTimezone: true }),
    kmLeft: doublePrecision('km_left'),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('tracking_last_positions_industry').on(t.industryId)],
);

/**
 * What happened on a trip: a geofence stay (entered at `startedAt`, left at `endedAt`), a halt, a
 * no-signal spell, a delay, an e-way bill expiring on the road. An episode is open while
 * `endedAt` is null; at most one open episode per order, kind and stop, so each alerts once.
 */
export const trackingEvents = pgTable(
  'tracking_events',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    industryId: integer('industry_id').notNull(),
    kind: text('kind', { enum: TRACKING_EVENT_KINDS }).notNull(),
    /** The order stop of a geofence stay (order_stops.id), the bill of an e-way alert; 0 otherwise. */
    refId: integer('ref_id').notNull().default(0),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull(),
    endedAt: timestamp('ended_at', { withTimezone: true }),
    latitude: doublePrecision('latitude'),
    longitude: doublePrecision('longitude'),
    details: jsonb('details').$type<Record<string, unknown>>(),
    alertedAt: timestamp('alerted_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('tracking_events_order').on(t.orderId, t.startedAt),
    uniqueIndex('tracking_events_open').on(t.orderId, t.kind, t.refId).where(sql`${t.endedAt} is null`),
  ],
);

/**
 * A public link to one order's live position (`/live/{token}`, `/fast/{token}`). Only the token's
 * SHA-256 is stored; the link works until the order's delivery plus the grace period, or until revoked.
 */
export const trackingLinks = pgTable(
  'tracking_links',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    industryId: integer('industry_id')
      .notNull()
      .references(() => industries.id),
    kind: text('kind', { enum: ['live', 'fast'] })
      .notNull()
      .default('live'),
    tokenHash: text('token_hash').notNull(),
    createdBy: integer('created_by').references(() => users.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    revokedBy: integer('revoked_by').references(() => users.id),
    /**
     * Until when the link works: the order's end (delivery, or its close, cancel or reject) plus
     * the shipper's grace as it was then. Null while the order is open; set once, when the link is
     * made for an order already over or when its order ends, and never recomputed.
     */
    expiresAt: timestamp('expires_at', { withTimezone: true }),
  },
  (t) => [uniqueIndex('tracking_links_token').on(t.tokenHash), index('tracking_links_order').on(t.orderId)],
);
