import { inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/client.ts';
import { loginThrottle } from '../db/schema/auth.ts';
import type { AttemptKey } from '../lib/login-throttle.ts';

/** Counts one attempt on one key unless it is locked; answers whether the attempt may go on. */
export async function reserveAttempt(tx: DbOrTx, { key, rule }: AttemptKey): Promise<boolean> {
  const t = loginThrottle;
  const expired = sql`now() >= ${t.windowStart} + make_interval(secs => ${rule.windowSeconds})`;
  const lock = sql`make_interval(secs => least(${rule.windowSeconds}, ${rule.firstLockSeconds} * power(2, least(${t.failures} - ${rule.limit}, 30))))`;
  const rows = await tx
    .insert(t)
    .values({ key, windowStart: sql`now()`, failures: 1 })
    .onConflictDoUpdate({
      target: t.key,
      set: {
        failures: sql`case when ${expired} then 1 else ${t.failures} + 1 end`,
        // From the limit on, the timestamp is where the current lock starts.
        windowStart: sql`case when ${expired} or ${t.failures} + 1 >= ${rule.limit} then now() else ${t.windowStart} end`,
      },
      // A locked key is not updated, so the statement returns no row: the attempt is refused.
      setWhere: sql`${expired} or ${t.failures} < ${rule.limit} or now() >= ${t.windowStart} + ${lock}`,
    })
    .returning({ failures: t.failures });
  return rows.length > 0;
}

/** Each key's count and the seconds since its window (or lock) started. */
export function throttleRows(db: DbOrTx, keys: string[]) {
  return db
    .select({
      key: loginThrottle.key,
      failures: loginThrottle.failures,
      age: sql<number>`extract(epoch from now() - ${loginThrottle.windowStart})::float8`,
    })
    .from(loginThrottle)
    .where(inArray(loginThrottle.key, keys));
}

/** Gives back a reserved attempt that turned out to be a success (it was no failure). */
export async function releaseAttempts(db: DbOrTx, keys: string[]): Promise<void> {
  await db
    .update(loginThrottle)
    .set({ failures: sql`greatest(${loginThrottle.failures} - 1, 0)` })
    .where(inArray(loginThrottle.key, keys));
}

export async function clearAttempts(db: DbOrTx, keys: string[]): Promise<void> {
  await db.delete(loginThrottle).where(inArray(loginThrottle.key, keys));
}
