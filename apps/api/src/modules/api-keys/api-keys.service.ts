import { type ApiScope, grantableScopes } from '@freightdesk/shared/api-scopes';
import type { ApiKey, ApiKeyCall, ApiKeyCreated } from '@freightdesk/shared/schemas/api-key';
import type { Db, DbOrTx } from '../../db/client.ts';
import type { AuthUser } from '../../lib/access.ts';
import { newApiKey } from '../../lib/api-keys.ts';
import { badRequest, forbidden, notFound } from '../../lib/errors.ts';
import { apiKeyCompany } from '../../lib/policy-api-keys.ts';
import { AUTH_CHANNEL } from '../../lib/session-cache.ts';
import {
  apiKeyCallCount,
  apiKeyCallsPageQuery,
  apiKeyCount,
  apiKeyOfViewerQuery,
  apiKeysPageQuery,
  insertApiKey,
  revokeApiKey,
} from '../../repositories/api-keys.repository.ts';
import { pgNotify } from '../../repositories/notify.repository.ts';
import { currentPlan } from '../../repositories/plans.repository.ts';

const DAY_MS = 86_400_000;
type Page = { page: number; pageSize: number };

/** The scopes this user may put on a key: within their permissions and, for a shipper, its plan. */
export async function scopesGrantable(db: DbOrTx, user: AuthUser): Promise<ApiScope[]> {
  const hasPlan = user.userType === 2 || (await currentPlan(db, user.industryId)).length > 0;
  return grantableScopes(user, hasPlan);
}

type KeyRow = Awaited<ReturnType<typeof apiKeysPageQuery>>[number];

/** A key as its owner reads it: named fields only, never the hash or the company's ids. */
const toApiKey = (row: KeyRow): ApiKey => ({
  id: row.id,
  name: row.name,
  prefix: row.prefix,
  createdByName: row.createdByName,
  lastUsedAddress: row.lastUsedAddress,
  scopes: row.scopes as ApiScope[],
  createdAt: row.createdAt.toISOString(),
  expiresAt: row.expiresAt.toISOString(),
  lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
  revokedAt: row.revokedAt?.toISOString() ?? null,
});

/** Creates a key of the user's company; its secret is in this answer only. */
export async function createApiKey(
  db: Db,
  user: AuthUser,
  input: { name: string; scopes: ApiScope[]; expiresInDays: number },
): Promise<ApiKeyCreated> {
  const company = apiKeyCompany(user);
  if (!company) {
    throw forbidden('Only a carrier account or a shipper owner can create API keys.');
  }
  const grantable = await scopesGrantable(db, user);
  const refused = input.scopes.filter((s) => !grantable.includes(s));
  if (refused.length) {
    const why = grantable.length ? `You cannot grant ${refused.join(', ')}.` : 'Your plan includes no API access: choose a plan first.';
    throw badRequest('scopes', why);
  }
  const { key, hash, prefix } = newApiKey();
  const expiresAt = new Date(Date.now() + input.expiresInDays * DAY_MS);
  const created = await db.transaction(async (tx) => {
    const [row] = await insertApiKey(tx, {
      ...company,
      name: input.name,
      keyHash: hash,
      prefix,
      scopes: input.scopes,
      createdBy: user.id,
      expiresAt,
    });
    return row;
  });
  if (!created) {
    throw new Error('api key: the insert answered no row');
  }
  return {
    ...toApiKey({ ...created, createdByName: user.name }),
    key,
  };
}

export async function listApiKeys(db: DbOrTx, user: AuthUser, q: Page) {
  const [rows, total] = await Promise.all([apiKeysPageQuery(db, user, q.pageSize, (q.page - 1) * q.pageSize), apiKeyCount(db, user)]);
  return { data: rows.map(toApiKey), total, page: q.page, pageSize: q.pageSize };
}

/**
 * Revokes a key of the user's company at once: the change is announced on the viewers' channel
 * (lib/session-cache.ts) so no process's cache keeps it; without a cache every call reads the key.
 * Revoking a revoked key answers it again.
 */
export async function revokeKey(db: Db, user: AuthUser, id: number): Promise<{ id: number }> {
  return db.transaction(async (tx) => {
    const [known] = await apiKeyOfViewerQuery(tx, user, id);
    if (!known) {
      throw notFound('API key');
    }
    if (!known.revokedAt) {
      await revokeApiKey(tx, user, id);
      await pgNotify(tx, AUTH_CHANNEL, 'api_keys');
    }
    return { id };
  });
}

/** A page of one key's calls (404 for a key not of the user's company). */
export async function listApiKeyCalls(db: DbOrTx, user: AuthUser, id: number, q: Page) {
  const [known] = await apiKeyOfViewerQuery(db, user, id);
  if (!known) {
    throw notFound('API key');
  }
  const [rows, total] = await Promise.all([
    apiKeyCallsPageQuery(db, user, id, q.pageSize, (q.page - 1) * q.pageSize),
    apiKeyCallCount(db, user, id),
  ]);
  const data: ApiKeyCall[] = rows.map((r) => ({ ...r, at: r.at.toISOString() }));
  return { data, total, page: q.page, pageSize: q.pageSize };
}
