import { index, integer, jsonb, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';

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
