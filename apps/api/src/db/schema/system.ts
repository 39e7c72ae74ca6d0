import { bigint, index, integer, jsonb, pgTable, primaryKey, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './auth.ts';

/** Every mail the platform sends; with no SMTP_URL it is only kept here and logged. */
export const outbox = pgTable('outbox', {
  id: serial('id').primaryKey(),
  to: text('to').notNull(),
  subject: text('subject').notNull(),
  text: text('text').notNull(),
  transport: text('transport', { enum: ['smtp', 'outbox'] }).notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  sentAt: timestamp('sent_at', { withTimezone: true }),
  error: text('error'),
});

/** Who changed what, when, from which state to which, and why. */
export const auditLog = pgTable(
  'audit_log',
  {
    id: serial('id').primaryKey(),
    industryId: integer('industry_id'),
    actorUserId: integer('actor_user_id'),
    entity: text('entity').notNull(),
    entityId: integer('entity_id').notNull(),
    action: text('action').notNull(),
    fromState: jsonb('from_state'),
    toState: jsonb('to_state'),
    reason: text('reason'),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('audit_log_entity').on(t.entity, t.entityId)],
);

/** Platform-wide generated keys (the VAPID key pair), shared by every API process through the database. */
export const systemKeys = pgTable('system_keys', {
  name: text('name').primaryKey(),
  value: jsonb('value').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Idempotency keys of writes (lib/idempotency.ts): claimed inside the write's own transaction, so
 * a write and its key commit together; the answer is kept for a retry with the same key and body.
 * Purged after 24 hours.
 */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    userId: integer('user_id').notNull(),
    key: text('key').notNull(),
    /** SHA-256 of the method, route, path parameters and body. */
    fingerprint: text('fingerprint').notNull(),
    statusCode: integer('status_code'),
    contentType: text('content_type'),
    response: text('response'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.key] }), index('idempotency_keys_created').on(t.createdAt)],
);

/**
 * A report export run as a durable background job (lib/export-jobs): who asked, which report with
 * which filters, how far it got (for the progress bar), and the file it left (kept 7 days).
 */
export const exportJobs = pgTable(
  'export_jobs',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    report: text('report').notNull(),
    format: text('format', { enum: ['csv', 'xlsx'] }).notNull(),
    params: jsonb('params').$type<Record<string, unknown>>().notNull().default({}),
    status: text('status', { enum: ['queued', 'running', 'done', 'failed'] })
      .notNull()
      .default('queued'),
    rowsDone: integer('rows_done').notNull().default(0),
    /** The rows expected (a capped count) for the progress bar; the file may end with more or fewer. */
    rowsTotal: integer('rows_total'),
    storageKey: text('storage_key'),
    fileName: text('file_name'),
    bytes: bigint('bytes', { mode: 'number' }),
    error: text('error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [index('export_jobs_user').on(t.userId, t.id)],
);
