import { index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from './auth.ts';
import { orders } from './orders.ts';
import { trackingDevices } from './tracking.ts';
import { carriers, industries } from './tenancy.ts';

/**
 * The driver's trip link (issue 35, record 0300): one order's link the carrier sends its driver,
 * no account. Only the token's SHA-256 is stored. The link is the phone's tracking device
 * (`deviceId`, kind phone, found by the ingest under `sha256:` and the token's hash) and acts for
 * the carrier user who made it (`createdBy`). A new link revokes the order's previous one; the
 * link works until revoked or until the order ends (`expiresAt`, set then, never recomputed).
 */
export const driverLinks = pgTable(
  'driver_links',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    industryId: integer('industry_id')
      .notNull()
      .references(() => industries.id),
    carrierId: integer('carrier_id')
      .notNull()
      .references(() => carriers.id),
    tokenHash: text('token_hash').notNull(),
    deviceId: integer('device_id').references(() => trackingDevices.id),
    /** The driver's mobile the carrier typed to address the message (not a login). */
    driverPhone: text('driver_phone'),
    createdBy: integer('created_by')
      .notNull()
      .references(() => users.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    revokedBy: integer('revoked_by').references(() => users.id),
    /** When the order ended (delivered, closed, rejected, cancelled): the link stops then. */
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    /** The last call of the driver's page (a read, a position, a move). */
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }),
    /** The last position the page sent. */
    lastPositionAt: timestamp('last_position_at', { withTimezone: true }),
  },
  (t) => [uniqueIndex('driver_links_token').on(t.tokenHash), index('driver_links_order').on(t.orderId)],
);
