import type { SessionUser } from '@freightdesk/shared/schemas/auth';
import { USER_TYPE_NAMES, type UserType } from '@freightdesk/shared/user-types';
import type { Db } from '../../db/client.ts';
import { type AuthUser, userForToken } from '../../lib/access.ts';
import { AppError, tooManyRequests } from '../../lib/errors.ts';
import {
  type AttemptKey,
  clearAttempts,
  clientKey,
  LOGIN_LIMITS,
  releaseAttempts,
  reserveAttempts,
  tryAgainIn,
} from '../../lib/login-throttle.ts';
import { verifyPassword } from '../../lib/password.ts';
import { revokeSessions } from '../../repositories/sessions.repository.ts';
import { newToken } from '../../lib/tokens.ts';
import { carrierName, insertSession, loginCandidate, shipperFlags } from '../../repositories/user-accounts.repository.ts';

const INVALID_LOGIN = 'The email/mobile or password is not correct.';

export type ClientInfo = { ip: string; userAgent?: string };

/** The failed-login keys of one attempt: the account (user id, else the login text) with the client, the account, the client. */
function loginKeys(account: string, ip: string): { all: AttemptKey[]; accountClient: string } {
  const client = clientKey(ip);
  const accountClient = `login-account-client:${account}|${client}`;
  return {
    accountClient,
    // The account's own key last: an attempt refused on another key never touches it.
    all: [
      { key: accountClient, rule: LOGIN_LIMITS.accountClient },
      { key: `login-client:${client}`, rule: LOGIN_LIMITS.client },
      { key: `login-account:${account}`, rule: LOGIN_LIMITS.account },
    ],
  };
}

/**
 * Logs in by email or mobile and opens a session. The attempt is counted before the password is
 * checked, so parallel guesses beyond the limits never reach the check. A failure never says
 * whether the account exists or is deactivated.
 */
export async function login(
  db: Db,
  input: { login: string; password: string },
  client: ClientInfo,
  ttlHours: number,
): Promise<SessionUser> {
  const loginName = input.login.trim().toLowerCase();
  const user = await loginCandidate(db, loginName);
  // By user id, so the email and the mobile of one account share their count.
  const keys = loginKeys(user ? `user:${user.id}` : `login:${loginName}`, client.ip);
  const wait = await reserveAttempts(db, keys.all);
  if (wait !== undefined) {
    throw tooManyRequests(wait, `Too many failed logins. ${tryAgainIn(wait)}`);
  }
  const passwordOk = await verifyPassword(user?.passwordHash, input.password);
  if (!user || !passwordOk || user.status !== 'active' || user.industryStatus === 'inactive') {
    // The reserved attempt stays counted as the failure.
    throw new AppError(401, 'INVALID_CREDENTIALS', INVALID_LOGIN);
  }
  await clearAttempts(db, [keys.accountClient]);
  await releaseAttempts(
    db,
    keys.all.map((k) => k.key).filter((k) => k !== keys.accountClient),
  );
  return openSession(db, user.id, client, ttlHours);
}

async function openSession(db: Db, userId: number, client: ClientInfo, ttlHours: number): Promise<SessionUser> {
  const { token, hash } = newToken();
  const expiresAt = new Date(Date.now() + ttlHours * 3600_000);
  await insertSession(db, {
    userId,
    tokenHash: hash,
    expiresAt,
    ip: client.ip,
    userAgent: client.userAgent?.slice(0, 300),
  });
  const authUser = await userForToken(db, token);
  if (!authUser) {
    throw new AppError(500, 'INTERNAL', 'The session could not be opened.');
  }
  return sessionUser(db, authUser, token, expiresAt);
}

/** The session state of spec section 3, for a logged-in user. */
export async function sessionUser(db: Db, user: AuthUser, token: string, expiresAt: Date): Promise<SessionUser> {
  const flags = user.industryId ? await shipperFlags(db, user.industryId) : undefined;
  return {
    token,
    expiresAt: expiresAt.toISOString(),
    userName: user.name,
    profilePicture: user.profilePicture,
    permissions: user.permissions,
    userType: user.userType,
    userId: user.id,
    userTypeId: user.industryId ?? user.carrierId ?? 0,
    email: user.email,
    mobile: user.mobile,
    industry: await companyName(db, user),
    userTypeName: USER_TYPE_NAMES[user.userType as UserType],
    hideMaterialFromTransporterRequest: flags?.hideRequest ?? false,
    hideMaterialFromTransporterRfp: flags?.hideRfp ?? false,
    canAddRequest: flags?.canAddRequest ?? true,
  };
}

/** The company a user works for: the shipper's name, or the carrier's. */
export async function companyName(db: Db, user: AuthUser): Promise<string | null> {
  if (user.industryName) {
    return user.industryName;
  }
  if (user.carrierId) {
    return carrierName(db, user.carrierId);
  }
  return null;
}

export async function logout(db: Db, sessionId: number): Promise<void> {
  await revokeSessions(db, { sessionId });
}
