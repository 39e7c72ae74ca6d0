import { boolean, index, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

/** Durable jobs: auction open/close, deadlines, alerts. They survive restarts and run on any node. */
export const jobs = pgTable(
  'jobs',
  {
    id: serial('id').primaryKey(),
    kind: text('kind').notNull(),
    /** One pending job per key: rescheduling replaces it (e.g. `request-close:42`). */
    key: text('key').notNull(),
    payload: jsonb('payload').notNull().default({}),
    runAt: timestamp('run_at', { withTimezone: true }).notNull(),
    status: text('status', { enum: ['pending', 'running', 'done', 'failed'] })
      .notNull()
      .default('pending'),
    attempts: integer('attempts').notNull().default(0),
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    lastError: text('last_error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    doneAt: timestamp('done_at', { withTimezone: true }),
    /** The request id (`x-request-id`) of the call, or of the job, that scheduled it last (issue 36). */
    requestId: text('request_id'),
  },
  (t) => [uniqueIndex('jobs_key').on(t.key), index('jobs_due').on(t.status, t.runAt)],
);

/**
 * The API processes running on this database (issue 36): each keeps its row fresh (`seen_at`) while
 * it runs and deletes it when it stops, so a starting node knows of the others. A node keeping files
 * in a local folder refuses to start beside another unless the folder is declared shared.
 */
export const apiNodes = pgTable('api_nodes', {
  id: text('id').primaryKey(),
  host: text('host').notNull(),
  pid: integer('pid').notNull(),
  /** The local folder its files are in; null when it keeps them elsewhere (an object store). */
  filesFolder: text('files_folder'),
  /** FILE_STORE_SHARED: the operator declared the folder shared by every node. */
  filesShared: boolean('files_shared').notNull().default(false),
  startedAt: timestamp('started_at', { withTimezone: true }).notNull().defaultNow(),
  seenAt: timestamp('seen_at', { withTimezone: true }).notNull().defaultNow(),
});
