import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/client.ts';
import { passwordResets, users } from '../db/schema/auth.ts';

/** Password links (reset and invitation, issue 32): each statement names one user or one token's hash. */

/** Ends every unused link of a user. */
export async function spendUserLinks(db: DbOrTx, userId: number): Promise<void> {
  await db
    .update(passwordResets)
    .set({ usedAt: new Date() })
    .where(and(eq(passwordResets.userId, userId), isNull(passwordResets.usedAt)));
}

export async function insertPasswordLink(db: DbOrTx, userId: number, tokenHash: string, expiresAt: Date): Promise<void> {
  await db.insert(passwordResets).values({ userId, tokenHash, expiresAt });
}

/** The unused, unexpired link of this token's hash, of an active user. */
export const liveLinkQuery = (db: DbOrTx, tokenHash: string) =>
  db
    .select({ id: passwordResets.id, userId: passwordResets.userId, email: users.email })
    .from(passwordResets)
    .innerJoin(users, eq(users.id, passwordResets.userId))
    .where(
      and(
        eq(passwordResets.tokenHash, tokenHash),
        isNull(passwordResets.usedAt),
        gt(passwordResets.expiresAt, sql`now()`),
        eq(users.status, 'active'),
      ),
    );

export async function liveLink(db: DbOrTx, tokenHash: string) {
  const [row] = await liveLinkQuery(db, tokenHash);
  return row;
}

/** Spends the unused, unexpired link of this token's hash: its user, or undefined when there is none. */
export async function spendLink(db: DbOrTx, tokenHash: string): Promise<{ userId: number } | undefined> {
  const [spent] = await db
    .update(passwordResets)
    .set({ usedAt: new Date() })
    .where(and(eq(passwordResets.tokenHash, tokenHash), isNull(passwordResets.usedAt), gt(passwordResets.expiresAt, sql`now()`)))
    .returning({ userId: passwordResets.userId });
  return spent;
}
