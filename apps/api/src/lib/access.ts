import type { FastifyInstance, FastifyRequest, RouteOptions } from 'fastify';
import fp from 'fastify-plugin';
import { PERMISSIONS, type Permission, isPermission } from '@freightdesk/shared/permissions';
import type { UserType } from '@freightdesk/shared/user-types';
import type { Db, DbOrTx } from '../db/client.ts';
import { sessionViewerRows } from '../repositories/sessions.repository.ts';
import { shipperViewerRows, viewerRowById } from '../repositories/viewers.repository.ts';
import { forbidden, unauthorized } from './errors.ts';
import { sessionCacheOf } from './session-cache.ts';
import { hashToken } from './tokens.ts';

/** What a route allows. Every /api route must declare one; the server will not start otherwise. */
export type Access =
  | 'public'
  | 'authenticated'
  | { permission: Permission }
  /** Any one of these permissions (a picker's options: the master's own page or a form that uses it). */
  | { anyOf: readonly Permission[] }
  | { userTypes: readonly UserType[]; permission?: Permission };

export type AuthUser = {
  id: number;
  sessionId: number;
  userType: UserType;
  name: string;
  email: string;
  mobile: string | null;
  profilePicture: string | null;
  industryId: number | null;
  industryName: string | null;
  carrierId: number | null;
  roleName: string | null;
  permissions: Permission[];
  /** Staff (type 4) assignments; empty means every plant / business unit of the shipper. */
  plantIds: number[];
  businessUnitIds: number[];
};

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

/** The permissions a user holds: a shipper owner holds every one, staff their role's. */
export function permissionsFor(userType: number, rolePermissions: string[] | null, roleActive: boolean): Permission[] {
  if (userType === 3) {
    return [...PERMISSIONS];
  }
  if (userType === 4 && rolePermissions && roleActive) {
    return rolePermissions.filter(isPermission);
  }
  return [];
}

/** The columns that make a user a viewer: who, which company, which permissions and plants. */
type ViewerRow = {
  id: number;
  userType: number;
  name: string;
  email: string;
  mobile: string | null;
  profilePicture: string | null;
  industryId: number | null;
  industryName: string | null;
  carrierId: number | null;
  roleName: string | null;
  rolePermissions: string[] | null;
  roleStatus: string | null;
  plantIds: number[] | null;
  businessUnitIds: number[] | null;
};

function toViewer(row: ViewerRow, sessionId: number): AuthUser {
  return {
    id: row.id,
    sessionId,
    userType: row.userType as UserType,
    name: row.name,
    email: row.email,
    mobile: row.mobile,
    profilePicture: row.profilePicture,
    industryId: row.industryId,
    industryName: row.industryName,
    carrierId: row.carrierId,
    roleName: row.roleName,
    permissions: permissionsFor(row.userType, row.rolePermissions, row.roleStatus === 'active'),
    plantIds: row.userType === 4 ? (row.plantIds ?? []) : [],
    businessUnitIds: row.userType === 4 ? (row.businessUnitIds ?? []) : [],
  };
}

/**
 * Finds the live session for a bearer token, with its user, or null. On the embedded database the
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
export const accessPlugin = fp(async (app: FastifyInstance, opts: { db: Db }) => {
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
  app.addHook('onRequest', async (request) => {
    const access = request.routeOptions.config?.access;
    if (access === undefined || access === 'public') {
      return;
    }
    const token = bearerToken(request);
    const user = token ? await userForToken(opts.db, token) : null;
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
