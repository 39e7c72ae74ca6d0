import { inArray, type SQL, sql } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Db } from '../db/client.ts';
import { loginThrottle, passwordResets, sessions } from '../db/schema/auth.ts';
import { jobs } from '../db/schema/jobs.ts';
import type { Purge } from '../lib/housekeeping.ts';

/** A purge of the rows of `table` that match `where`, by primary key, `limit` at a time. */
export function purgeWhere(table: PgTable, key: PgColumn, where: SQL): Purge {
  return async (db, limit) => {
    const batch = db.select({ key }).from(table).where(where).limit(limit);
    const deleted = await db.delete(table).where(inArray(key, batch)).returning({ key });
    return deleted.length;
  };
}

const olderThan = (column: PgColumn, interval: string) => sql`${column} < now() - ${interval}::interval`;

/** What the platform's own tables keep, and for how long. */
export const BUILT_IN_PURGES: Record<string, Purge> = {
  'done jobs': purgeWhere(jobs, jobs.id, sql`${jobs.status} = 'done' and ${olderThan(jobs.doneAt, '7 days')}`),
  // Kept longer: someone may still be looking into why they failed.
  'failed jobs': purgeWhere(
    jobs,
    jobs.id,
    sql`${jobs.status} = 'failed' and coalesce(${jobs.doneAt}, ${jobs.runAt}) < now() - '30 days'::interval`,
  ),
  sessions: purgeWhere(sessions, sessions.id, sql`${olderThan(sessions.expiresAt, '1 day')} or ${olderThan(sessions.revokedAt, '1 day')}`),
  'password resets': purgeWhere(
    passwordResets,
    passwordResets.id,
    sql`${olderThan(passwordResets.usedAt, '1 day')} or ${olderThan(passwordResets.expiresAt, '1 day')}`,
  ),
  // Far beyond any login window or lockout (at most an hour today), so a reworked throttle that keeps
  // rows longer within a day, or adds key prefixes, loses nothing it still counts.
  'login throttle': purgeWhere(loginThrottle, loginThrottle.key, olderThan(loginThrottle.windowStart, '24 hours')),
};

/** Makes sure a recurring job exists and is pending (a failed or done row is revived). */
export async function ensureJobPending(db: Db, kind: string, runAt: Date): Promise<void> {
  await db
    .insert(jobs)
    .values({ kind, key: kind, runAt, payload: {} })
    .onConflictDoUpdate({
      target: jobs.key,
      set: { status: 'pending', runAt, attempts: 0, lockedUntil: null, lastError: null, doneAt: null },
      setWhere: sql`${jobs.status} in ('done', 'failed')`,
    });
}
