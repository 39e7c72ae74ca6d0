import { and, eq, gt, inArray, isNull, ne, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/client.ts';
import { sessions, users } from '../db/schema/auth.ts';
import { industries, roles } from '../db/schema/tenancy.ts';
import { preparedOnce } from './common/prepared.ts';
import { viewerColumns } from './viewers.repository.ts';

/**
 * The PostgreSQL channel that announces ended sessions, as JSON `[sessionId, …]`. NOTIFY is
 * delivered on commit, to every API process, and each one disconnects its own sockets of those
 * sessions (lib/realtime.ts): a logout, a password change or a deactivation ends live events too.
 */
export const SESSIONS_CHANNEL = 'fd_sessions';
// NOTIFY payloads stop at 8000 bytes.
const ANNOUNCE_CHUNK = 500;

/** Which sessions to end: one session, a user's (but the current one), or every user of a shipper. */
export type SessionsToEnd = { sessionId: number } | { userId: number; exceptSessionId?: number } | { industryId: number };

function condition(which: SessionsToEnd): SQL | undefined {
  if ('sessionId' in which) {
    return eq(sessions.id, which.sessionId);
  }
  if ('userId' in which) {
    return and(eq(sessions.userId, which.userId), which.exceptSessionId ? ne(sessions.id, which.exceptSessionId) : undefined);
  }
  return inArray(sessions.userId, sql`(select ${users.id} from ${users} where ${users.industryId} = ${which.industryId})`);
}

/**
 * Ends sessions (in the caller's transaction, when it passes one) and announces them so every API
 * process drops their sockets after the commit. The one way the API ends a session.
 */
export async function revokeSessions(db: DbOrTx, which: SessionsToEnd): Promise<number[]> {
  const ended = await db
    .update(sessions)
    .set({ revokedAt: new Date() })
    .where(and(isNull(sessions.revokedAt), condition(which)))
    .returning({ id: sessions.id });
  const ids = ended.map((s) => s.id);
  for (let i = 0; i < ids.length; i += ANNOUNCE_CHUNK) {
    await db.execute(sql`select pg_notify(${SESSIONS_CHANNEL}, ${JSON.stringify(ids.slice(i, i + ANNOUNCE_CHUNK))})`);
  }
  return ids;
}

/**
 * The live session of a token hash with its user's viewer row (lib/access.ts). Every authenticated
 * call runs this: built once, kept prepared on each connection (building the statement with Drizzle
 * cost more of the API's CPU than the rest of a small list's call).
 */
export function sessionViewerRows(db: DbOrTx, tokenHash: string) {
  return preparedOnce(db, 'userForToken', () =>
    db
      .select({ ...viewerColumns, sessionId: sessions.id, sessionExpiresAt: sessions.expiresAt })
      .from(sessions)
      .innerJoin(users, eq(users.id, sessions.userId))
      .leftJoin(industries, eq(industries.id, users.industryId))
      .leftJoin(roles, eq(roles.id, users.roleId))
      .where(
        and(
          eq(sessions.tokenHash, sql.placeholder('tokenHash')),
          isNull(sessions.revokedAt),
          gt(sessions.expiresAt, sql`now()`),
          eq(users.status, 'active'),
        ),
      )
      .limit(1),
  ).execute({ tokenHash });
}
