import type { FastifyInstance, FastifyRequest, RouteOptions } from 'fastify';
import fp from 'fastify-plugin';
import type { Permission } from '@freightdesk/shared/permissions';
import type { UserType } from '@freightdesk/shared/user-types';
import type { Db, DbOrTx } from '../db/client.ts';
import { sessionViewerRows } from '../repositories/sessions.repository.ts';
import { shipperViewerRows, viewerRowById } from '../repositories/viewers.repository.ts';
import { createApiKeyLimiter } from './api-key-limit.ts';
import { apiKeyOf, authenticateApiKey } from './api-keys.ts';
import { forbidden, unauthorized } from './errors.ts';
import { sessionCacheOf } from './session-cache.ts';
import { hashToken } from './tokens.ts';
import { type AuthUser, toViewer } from './viewer.ts';

/** What a route allows. Every /api route must declare one; the server will not start otherwise. */
export type Access =
  | 'public'
  | 'authenticated'
  | { permission: Permission }
  /** Any one of these permissions (a picker's options: the master's own page or a form that uses it). */
  | { anyOf: readonly Permission[] }
  | { userTypes: readonly UserType[]; permission?: Permission };

export type { AuthUser } from './viewer.ts';
export { permissionsFor } from './viewer.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: Access;
  }
  interface FastifyInstance {
    /** Every route as declared (method, url, config, schema): what the generated tests walk. */
    routeCatalog: RouteOptions[];
  }
  interface FastifyRequest {
    user: AuthUser | null;
  }
}

/**
 * Finds the live session for a bearer token, with its user, or null. The
 * viewer may come from memory (lib/session-cache.ts: forgotten on every committed change to it).
 */
export async function userForToken(db: DbOrTx, token: string): Promise<AuthUser | null> {
  const tokenHash = hashToken(token);
  const cache = sessionCacheOf(db);
  const known = cache?.find(tokenHash);
  if (known) {
    return known;
  }
  const generation = cache?.generation() ?? 0;
  const rows = await sessionViewerRows(db, tokenHash);
  const row = rows[0];
  if (!row || row.industryStatus === 'inactive') {
    return null;
  }
  const viewer = toViewer(row, row.sessionId);
  cache?.remember(tokenHash, viewer, row.sessionExpiresAt, generation);
  return viewer;
}

/**
 * One active user as a viewer (without a session), with the permissions and plants they hold now:
 * a background job acting for the user (an export) checks the policy as of its run, not its request.
 */
export async function viewerById(db: DbOrTx, userId: number): Promise<AuthUser | null> {
  const row = await viewerRowById(db, userId);
  if (!row || row.industryStatus === 'inactive') {
    return null;
  }
  return toViewer(row, 0);
}

/** The active users of a shipper as viewers (without a session): whom an event may concern. */
export async function shipperViewers(db: DbOrTx, industryId: number): Promise<AuthUser[]> {
  const rows = await shipperViewerRows(db, industryId);
  return rows.map((row) => toViewer(row, 0));
}

function bearerToken(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  if (!header) {
    return undefined;
  }
  const match = /^Bearer\s+(\S+)$/i.exec(header);
  return match?.[1];
}

/** Checks a user against a route's access rule; throws 403 when it does not pass. */
export function assertAccess(user: AuthUser, access: Exclude<Access, 'public' | 'authenticated'>): void {
  if ('anyOf' in access) {
    if (!access.anyOf.some((p) => user.permissions.includes(p))) {
      throw forbidden(`You need one of these permissions for this: ${access.anyOf.map((p) => `'${p}'`).join(', ')}.`);
    }
    return;
  }
  if ('userTypes' in access && !access.userTypes.includes(user.userType)) {
    throw forbidden();
  }
  if (access.permission && !user.permissions.includes(access.permission)) {
    throw forbidden(`You need the '${access.permission}' permission for this.`);
  }
}

/** The shipper (tenant) id of the caller; 403 for users who belong to no shipper. */
export function industryOf(user: AuthUser | null): number {
  if (!user?.industryId) {
    throw forbidden('Only a shipper account can do this.');
  }
  return user.industryId;
}

/**
 * The signed-in carrier user and its carrier (the carrier portal's routes): 403 for a user who
 * belongs to no carrier. `id` is the user's, for the services that record who acted.
 */
export function carrierOf(request: FastifyRequest): { user: AuthUser; id: number; carrierId: number } {
  const user = requireUser(request);
  if (!user.carrierId) {
    throw forbidden('Only a carrier account can do this.');
  }
  return { user, id: user.id, carrierId: user.carrierId };
}

export function requireUser(request: FastifyRequest): AuthUser {
  if (!request.user) {
    throw unauthorized();
  }
  return request.user;
}

/**
 * Declares `request.user`, refuses to register an /api route that declares no access rule, and
 * authenticates and authorises every request before its body is even read.
 */
export const accessPlugin = fp(async (app: FastifyInstance, opts: { db: Db; apiKeyCallsPerMinute: number }) => {
  app.decorateRequest('user', null);
  const catalog: RouteOptions[] = [];
  app.decorate('routeCatalog', catalog);
  app.addHook('onRoute', (route) => {
    catalog.push(route);
    const url = route.url;
    const exempt = !url.startsWith('/api/') || url.startsWith('/api/docs');
    if (!exempt && route.config?.access === undefined) {
      throw new Error(`Route ${route.method} ${url} declares no access rule (config.access)`);
    }
  });
  const limiter = createApiKeyLimiter(opts.apiKeyCallsPerMinute);
  app.addHook('onRequest', async (request) => {
    const access = request.routeOptions.config?.access;
    if (access === undefined || access === 'public') {
      return;
    }
    // An X-API-Key header makes the call a key's (lib/api-keys.ts), whatever else it carries.
    const key = apiKeyOf(request);
    const token = key === undefined ? bearerToken(request) : undefined;
    const user =
      key !== undefined ? await authenticateApiKey(opts.db, limiter, request, key) : token ? await userForToken(opts.db, token) : null;
    if (!user) {
      throw unauthorized(token ? 'Your session has ended. Please log in again.' : undefined);
    }
    request.user = user;
    if (access !== 'authenticated') {
      assertAccess(user, access);
    }
  });
});

/**
 * The caller as a shipper actor: user id and tenant id (403 for non-shipper users), and `staff`,
 * the user's plant / business-unit assignments that narrow what a staff user (type 4) sees.
 */
export function shipperActor(request: FastifyRequest): {
  id: number;
  industryId: number;
  staff: Pick<AuthUser, 'userType' | 'plantIds' | 'businessUnitIds'>;
} {
  const user = requireUser(request);
  return { id: user.id, industryId: industryOf(user), staff: user };
}
