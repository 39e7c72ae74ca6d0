import { and, count, desc, eq, gt, isNull, lt, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/client.ts';
import { apiKeyCalls, apiKeys } from '../db/schema/api-keys.ts';
import { users } from '../db/schema/auth.ts';
import { industries, roles } from '../db/schema/tenancy.ts';
import { apiKeysFor } from '../lib/policy-api-keys.ts';
import type { Viewer } from '../lib/policy-scope.ts';
import { preparedOnce } from './common/prepared.ts';
import { viewerColumns } from './viewers.repository.ts';

/** API keys and their calls (issue 34): every read takes the viewer and applies lib/policy-api-keys.ts. */

export type ApiKeyRecord = typeof apiKeys.$inferSelect;
export type ApiKeyCallRow = Omit<typeof apiKeyCalls.$inferInsert, 'id'>;

const NONE = sql`false`;
const keysOf = (viewer: Viewer): SQL => apiKeysFor(viewer) ?? NONE;

export function insertApiKey(db: DbOrTx, row: typeof apiKeys.$inferInsert) {
  return db.insert(apiKeys).values(row).returning();
}

/** A page of the viewer's company's keys, newest first (the hash is never read). */
export const apiKeysPageQuery = (db: DbOrTx, viewer: Viewer, limit: number, offset: number) =>
  db
    .select({
      id: apiKeys.id,
      name: apiKeys.name,
      prefix: apiKeys.prefix,
      scopes: apiKeys.scopes,
      createdAt: apiKeys.createdAt,
      createdByName: users.name,
      expiresAt: apiKeys.expiresAt,
      lastUsedAt: apiKeys.lastUsedAt,
      lastUsedAddress: apiKeys.lastUsedAddress,
      revokedAt: apiKeys.revokedAt,
    })
    .from(apiKeys)
    .innerJoin(users, eq(users.id, apiKeys.createdBy))
    .where(keysOf(viewer))
    .orderBy(desc(apiKeys.id))
    .limit(limit)
    .offset(offset);

export async function apiKeyCount(db: DbOrTx, viewer: Viewer): Promise<number> {
  const [row] = await db.select({ n: count() }).from(apiKeys).where(keysOf(viewer));
  return row?.n ?? 0;
}

/** One of the viewer's company's keys (its id), or undefined. */
export const apiKeyOfViewerQuery = (db: DbOrTx, viewer: Viewer, id: number) =>
  db
    .select({ id: apiKeys.id, revokedAt: apiKeys.revokedAt })
    .from(apiKeys)
    .where(and(keysOf(viewer), eq(apiKeys.id, id)));

/** Revokes one of the viewer's company's keys; answers its id, or undefined when it has no such live key. */
export async function revokeApiKey(db: DbOrTx, viewer: Viewer, id: number): Promise<number | undefined> {
  const [row] = await db
    .update(apiKeys)
    .set({ revokedAt: new Date(), revokedBy: viewer.id })
    .where(and(keysOf(viewer), eq(apiKeys.id, id), isNull(apiKeys.revokedAt)))
    .returning({ id: apiKeys.id });
  return row?.id;
}

/** A page of one key's calls, newest first (nothing when the key is not the viewer's company's). */
export const apiKeyCallsPageQuery = (db: DbOrTx, viewer: Viewer, keyId: number, limit: number, offset: number) =>
  db
    .select({
      id: apiKeyCalls.id,
      method: apiKeyCalls.method,
      path: apiKeyCalls.path,
      status: apiKeyCalls.status,
      address: apiKeyCalls.address,
      at: apiKeyCalls.at,
      durationMs: apiKeyCalls.durationMs,
    })
    .from(apiKeyCalls)
    .innerJoin(apiKeys, eq(apiKeys.id, apiKeyCalls.apiKeyId))
    .where(and(keysOf(viewer), eq(apiKeyCalls.apiKeyId, keyId)))
    .orderBy(desc(apiKeyCalls.id))
    .limit(limit)
    .offset(offset);

export async function apiKeyCallCount(db: DbOrTx, viewer: Viewer, keyId: number): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(apiKeyCalls)
    .innerJoin(apiKeys, eq(apiKeys.id, apiKeyCalls.apiKeyId))
    .where(and(keysOf(viewer), eq(apiKeyCalls.apiKeyId, keyId)));
  return row?.n ?? 0;
}

/**
 * The live key of a hash with its creator's viewer row (lib/access.ts): not revoked, not expired,
 * its creator active. Every call with a key runs it (unless the embedded database's cache knows it).
 */
export function apiKeyViewerRows(db: DbOrTx, keyHash: string) {
  return preparedOnce(db, 'userForApiKey', () =>
    db
      .select({ ...viewerColumns, keyId: apiKeys.id, scopes: apiKeys.scopes, keyExpiresAt: apiKeys.expiresAt })
      .from(apiKeys)
      .innerJoin(users, eq(users.id, apiKeys.createdBy))
      .leftJoin(industries, eq(industries.id, users.industryId))
      .leftJoin(roles, eq(roles.id, users.roleId))
      .where(
        and(
          eq(apiKeys.keyHash, sql.placeholder('keyHash')),
          isNull(apiKeys.revokedAt),
          gt(apiKeys.expiresAt, sql`now()`),
          eq(users.status, 'active'),
        ),
      )
      .limit(1),
  ).execute({ keyHash });
}

/** Stores a batch of calls (lib/api-key-calls.ts). */
export async function insertApiKeyCalls(db: DbOrTx, rows: ApiKeyCallRow[]): Promise<void> {
  if (rows.length) {
    await db.insert(apiKeyCalls).values(rows);
  }
}

/** Each key's last use (time and address), never moved back. */
export async function markApiKeysUsed(db: DbOrTx, uses: { id: number; at: Date; address: string }[]): Promise<void> {
  for (const use of uses) {
    await db
      .update(apiKeys)
      .set({ lastUsedAt: use.at, lastUsedAddress: use.address })
      .where(and(eq(apiKeys.id, use.id), sql`(${apiKeys.lastUsedAt} is null or ${apiKeys.lastUsedAt} < ${use.at})`));
  }
}

/** Deletes calls older than `before`, at most `batch` of them; answers how many. */
export async function purgeApiKeyCalls(db: DbOrTx, before: Date, batch: number): Promise<number> {
  const rows = await db
    .delete(apiKeyCalls)
    .where(sql`${apiKeyCalls.id} in (select id from ${apiKeyCalls} where ${lt(apiKeyCalls.at, before)} limit ${batch})`)
    .returning({ id: apiKeyCalls.id });
  return rows.length;
}
