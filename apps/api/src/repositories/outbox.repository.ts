import { desc, ilike, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/client.ts';
import { outbox } from '../db/schema/system.ts';
import { likePattern } from '../lib/pagination.ts';

/** The mail outbox (issue 32): platform data, read by the platform admin only. */

export type OutboxRecord = typeof outbox.$inferSelect;

/** Mails whose recipient or subject contain the search (all without one). */
const matching = (search: string | undefined) =>
  search ? or(ilike(outbox.to, likePattern(search)), ilike(outbox.subject, likePattern(search))) : undefined;

/** A page of mails, newest first. */
export const outboxPageQuery = (db: DbOrTx, search: string | undefined, limit: number, offset: number) =>
  db.select().from(outbox).where(matching(search)).orderBy(desc(outbox.id)).limit(limit).offset(offset);

/** The matching mails, as what a page counts. */
export const outboxCounted = (db: DbOrTx, search: string | undefined) =>
  db
    .select({ one: sql`1`.as('one') })
    .from(outbox)
    .where(matching(search))
    .orderBy(desc(outbox.id))
    .$dynamic();
