import { and, eq, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../db/client.ts';
import { idempotencyKeys } from '../db/schema/system.ts';

/** The idempotency keys of lib/idempotency.ts: one row per user and key, with the kept answer. */
export type IdempotencyRecord = typeof idempotencyKeys.$inferSelect;
type KeyOf = { userId: number; key: string; fingerprint: string };
type Answer = { statusCode: number; contentType: string | null; response: string };

/** Inserts the key; answers false when another call already holds it. */
export async function insertIdempotencyKey(tx: DbOrTx, c: KeyOf): Promise<boolean> {
  const rows = await tx
    .insert(idempotencyKeys)
    .values({ userId: c.userId, key: c.key, fingerprint: c.fingerprint })
    .onConflictDoNothing()
    .returning({ key: idempotencyKeys.key });
  return rows.length > 0;
}

/** A user's key, if stored. */
export async function findIdempotencyKey(db: Db, userId: number, key: string): Promise<IdempotencyRecord | undefined> {
  const [row] = await db
    .select()
    .from(idempotencyKeys)
    .where(and(eq(idempotencyKeys.userId, userId), eq(idempotencyKeys.key, key)));
  return row;
}

/** Stores the answer of a call with its key (kept only over a row of the same fingerprint). */
export async function keepIdempotencyAnswer(db: Db, c: KeyOf, answer: Answer): Promise<void> {
  await db
    .insert(idempotencyKeys)
    .values({ userId: c.userId, key: c.key, fingerprint: c.fingerprint, ...answer })
    .onConflictDoUpdate({
      target: [idempotencyKeys.userId, idempotencyKeys.key],
      set: answer,
      where: sql`${idempotencyKeys.fingerprint} = ${c.fingerprint}`,
    });
}

/** Deletes keys older than `hours`, `limit` at a time; answers how many went. */
export async function deleteIdempotencyKeysOlderThan(db: Db, hours: number, limit: number): Promise<number> {
  const purged = await db.execute(sql`delete from idempotency_keys where ctid in (
      select ctid from idempotency_keys
      where created_at < now() - make_interval(hours => ${hours}) limit ${limit})
    returning 1`);
  return (purged as unknown as { rows: unknown[] }).rows.length;
}
