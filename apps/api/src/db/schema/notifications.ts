import { index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './auth.ts';

/** A message for one user, with the spec's push payload (title, msg, type, referId, requestType). */
export const notifications = pgTable(
  'notifications',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    title: text('title').notNull(),
    msg: text('msg').notNull(),
    type: text('type', { enum: ['request', 'order', 'rfp', 'indent'] }).notNull(),
    referId: integer('refer_id').notNull().default(0),
    requestType: integer('request_type').notNull().default(1),
    readAt: timestamp('read_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('notifications_user').on(t.userId, t.createdAt)],
);
