import { desc, eq, ilike, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/client.ts';
import { outbox } from '../db/schema/system.ts';
import { likePattern } from './common/pagination.ts';

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

/** Keeps one mail (lib/mail.ts); answers its id. */
export async function insertOutboxMail(
  db: DbOrTx,
  mail: { to: string; subject: string; text: string; transport: 'smtp' | 'outbox' },
): Promise<number | undefined> {
  const [row] = await db.insert(outbox).values(mail).returning({ id: outbox.id });
  return row?.id;
}

/** One kept mail by id. */
export async function outboxMail(db: DbOrTx, id: number): Promise<OutboxRecord | undefined> {
  const [row] = await db.select().from(outbox).where(eq(outbox.id, id));
  return row;
}

/** Records the last send error of a kept mail. */
export async function setOutboxError(db: DbOrTx, id: number, error: string): Promise<void> {
  await db.update(outbox).set({ error }).where(eq(outbox.id, id));
}

/** Marks a kept mail as sent. */
export async function markOutboxSent(db: DbOrTx, id: number): Promise<void> {
  await db.update(outbox).set({ sentAt: new Date(), error: null }).where(eq(outbox.id, id));
}
