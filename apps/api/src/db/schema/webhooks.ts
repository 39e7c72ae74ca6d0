import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { carriers, industries } from './tenancy.ts';

/**
 * Webhooks by the Standard Webhooks specification (issue 34, record 0287). A company (a shipper by
 * `industry_id` or a carrier by `carrier_id`, exactly one) registers endpoints; an event is stored
 * in the transaction of the change it tells about, with one delivery per endpoint it is for.
 */
export const webhookEndpoints = pgTable(
  'webhook_endpoints',
  {
    id: serial('id').primaryKey(),
    industryId: integer('industry_id').references(() => industries.id),
    carrierId: integer('carrier_id').references(() => carriers.id),
    url: text('url').notNull(),
    description: text('description'),
    eventTypes: text('event_types').array().notNull(),
    enabled: boolean('enabled').notNull().default(true),
    /** Set when the server disabled the endpoint after sustained failure; cleared when enabled again. */
    disabledReason: text('disabled_reason'),
    /** `whsec_` + base64 of 32 random bytes. */
    secret: text('secret').notNull(),
    /** The secret before the last rotation, still signing (beside the new one) until `previous_secret_until`. */
    previousSecret: text('previous_secret'),
    previousSecretUntil: timestamp('previous_secret_until', { withTimezone: true }),
    /** The first failed attempt since the last success; null while the endpoint answers. */
    failingSince: timestamp('failing_since', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('webhook_endpoints_one_company', sql`(${t.industryId} is null) <> (${t.carrierId} is null)`),
    index('webhook_endpoints_industry').on(t.industryId),
    index('webhook_endpoints_carrier').on(t.carrierId),
  ],
);

/** One event as it happened: its envelope is the body of every delivery of it. */
export const webhookEvents = pgTable(
  'webhook_events',
  {
    id: serial('id').primaryKey(),
    /** The webhook-id of its deliveries: `msg_` + random. */
    messageId: text('message_id').notNull(),
    type: text('type').notNull(),
    /** The shipper the event is about, and the carrier it was addressed to (if any). */
    industryId: integer('industry_id').references(() => industries.id),
    carrierId: integer('carrier_id').references(() => carriers.id),
    /** Deliveries of one order to one endpoint go in this order. */
    orderId: integer('order_id'),
    payload: jsonb('payload').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('webhook_events_message').on(t.messageId), index('webhook_events_created').on(t.createdAt)],
);

/** One event to one endpoint: exactly one row, whatever the retries and replays. */
export const webhookDeliveries = pgTable(
  'webhook_deliveries',
  {
    id: serial('id').primaryKey(),
    eventId: integer('event_id')
      .notNull()
      .references(() => webhookEvents.id, { onDelete: 'cascade' }),
    endpointId: integer('endpoint_id')
      .notNull()
      .references(() => webhookEndpoints.id, { onDelete: 'cascade' }),
    orderId: integer('order_id'),
    status: text('status', { enum: ['pending', 'succeeded', 'failed'] })
      .notNull()
      .default('pending'),
    /** Attempts since it was created or last replayed (the retry schedule's position). */
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('webhook_deliveries_event_endpoint').on(t.eventId, t.endpointId),
    index('webhook_deliveries_endpoint').on(t.endpointId, t.id),
    index('webhook_deliveries_chain').on(t.endpointId, t.orderId, t.status),
  ],
);

/** The log of each attempt: request, response (status, headers, first 4 kB of body) and timing. */
export const webhookAttempts = pgTable(
  'webhook_attempts',
  {
    id: serial('id').primaryKey(),
    deliveryId: integer('delivery_id')
      .notNull()
      .references(() => webhookDeliveries.id, { onDelete: 'cascade' }),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    durationMs: integer('duration_ms').notNull(),
    url: text('url').notNull(),
    requestHeaders: jsonb('request_headers').notNull(),
    responseStatus: integer('response_status'),
    responseHeaders: jsonb('response_headers').notNull().default({}),
    responseBody: text('response_body').notNull().default(''),
    error: text('error'),
  },
  (t) => [index('webhook_attempts_delivery').on(t.deliveryId, t.id)],
);
