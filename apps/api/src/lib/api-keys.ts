import { randomBytes } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { type ApiScope, isApiScope, permissionsOfScopes, requiredScope } from '@freightdesk/shared/api-scopes';
import type { Db, DbOrTx } from '../db/client.ts';
import { apiKeyViewerRows, purgeApiKeyCalls } from '../repositories/api-keys.repository.ts';
import { createApiKeyCallLog } from './api-key-calls.ts';
import type { ApiKeyLimiter } from './api-key-limit.ts';
import { forbidden, tooManyRequests, unauthorized } from './errors.ts';
import { sessionCacheOf } from './session-cache.ts';
import { hashToken } from './tokens.ts';
import { type AuthUser, toViewer } from './viewer.ts';

/** The header a key is sent in (never Authorization, which stays the session's). */
export const API_KEY_HEADER = 'x-api-key';
export const API_KEY_PREFIX = 'fdk_';
/** A key as issued: `fdk_` and 43 base64url characters (256 random bits). */
const KEY_FORMAT = /^fdk_[A-Za-z0-9_-]{43}$/;
/** Calls in the audit log are kept this long. */
const CALLS_KEPT_DAYS = 90;

/** A new key, the hash stored in its place and the prefix people see of it. */
export function newApiKey(): { key: string; hash: string; prefix: string } {
  const key = `${API_KEY_PREFIX}${randomBytes(32).toString('base64url')}`;
  return { key, hash: hashToken(key), prefix: key.slice(0, API_KEY_PREFIX.length + 6) };
}

/** The X-API-Key header's value, when the request carries one. */
export function apiKeyOf(request: FastifyRequest): string | undefined {
  const value = request.headers[API_KEY_HEADER];
  return typeof value === 'string' ? value.trim() : undefined;
}

/**
 * The viewer of a live key: its creator's company and user type, with the permissions its scopes
 * grant of what the creator holds now. Null for an unknown, revoked or expired key, a deactivated
 * creator or shipper. Cached like a session's viewer (lib/session-cache.ts;
 * a revocation announces itself on its channel, which empties the cache).
 */
export async function userForApiKey(db: DbOrTx, key: string): Promise<AuthUser | null> {
  if (!KEY_FORMAT.test(key)) {
    return null;
  }
  const keyHash = hashToken(key);
  const cache = sessionCacheOf(db);
  const known = cache?.find(keyHash);
  if (known) {
    return known;
  }
  const generation = cache?.generation() ?? 0;
  const [row] = await apiKeyViewerRows(db, keyHash);
  if (!row || row.industryStatus === 'inactive') {
    return null;
  }
  const creator = toViewer(row, 0);
  const scopes: ApiScope[] = row.scopes.filter(isApiScope);
  const viewer: AuthUser = { ...creator, permissions: permissionsOfScopes(scopes, creator.permissions), apiKey: { id: row.keyId, scopes } };
  cache?.remember(keyHash, viewer, row.keyExpiresAt, generation);
  return viewer;
}

/** 403 unless the key's scopes cover the route: GET needs its area's read scope, any write its write scope. */
export function assertKeyScope(user: AuthUser, method: string, routeUrl: string): void {
  if (!user.apiKey) {
    return;
  }
  const needed = requiredScope(method, routeUrl);
  if (!needed) {
    throw forbidden('An API key cannot call this route.');
  }
  if (!user.apiKey.scopes.includes(needed)) {
    throw forbidden(`This API key needs the '${needed}' scope for this.`);
  }
}

/** Authenticates a call made with an API key: 401 for a key that is not live, 429 past its budget, 403 out of its scopes. */
export async function authenticateApiKey(db: Db, limiter: ApiKeyLimiter, request: FastifyRequest, key: string): Promise<AuthUser> {
  const user = await userForApiKey(db, key);
  if (!user?.apiKey) {
    throw unauthorized('This API key is not valid: it is unknown, revoked or expired.');
  }
  request.user = user;
  const wait = limiter.take(user.apiKey.id);
  if (wait !== null) {
    throw tooManyRequests(wait, `This API key made too many calls; try again in ${wait} seconds.`);
  }
  assertKeyScope(user, request.method, request.routeOptions.url ?? request.url);
  return user;
}

/**
 * Every answered call of an API key goes to its audit log (method, path, status, address, time,
 * duration), written in batches by lib/api-key-calls.ts; old calls go with the housekeeping job.
 */
export const apiKeyCallsPlugin = fp(async (app: FastifyInstance, opts: { db: Db }) => {
  const callLog = createApiKeyCallLog(opts.db, app.log);
  app.addHook('onResponse', async (request, reply) => {
    const key = request.user?.apiKey;
    if (!key) {
      return;
    }
    callLog.record({
      apiKeyId: key.id,
      method: request.method,
      path: request.url.split('?')[0] ?? request.url,
      status: reply.statusCode,
      address: request.ip,
      at: new Date(Date.now() - Math.round(reply.elapsedTime)),
      durationMs: Math.round(reply.elapsedTime),
    });
  });
  app.addHook('onClose', async () => {
    await callLog.flush();
  });
  app.decorate('apiKeyCalls', callLog);
  app.deps.housekeeping.registerPurge('api key calls', (db, limit) =>
    purgeApiKeyCalls(db, new Date(Date.now() - CALLS_KEPT_DAYS * 86_400_000), limit),
  );
});

declare module 'fastify' {
  interface FastifyInstance {
    /** The API key call log's writer (`flush` writes what it holds now). */
    apiKeyCalls: ReturnType<typeof createApiKeyCallLog>;
  }
}
