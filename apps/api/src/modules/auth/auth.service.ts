import { and, eq, gt, isNull, or, sql } from 'drizzle-orm';
import type { SessionUser } from '@freightdesk/shared/schemas/auth';
import { USER_TYPE_NAMES, type UserType } from '@freightdesk/shared/user-types';
import { PASSWORD_RESET_TTL_MINUTES } from '@freightdesk/shared/constants';
import type { Db, DbOrTx } from '../../db/client.ts';
import { passwordResets, sessions, users } from '../../db/schema/auth.ts';
import { carriers, industries } from '../../db/schema/tenancy.ts';
import { type AuthUser, userForToken } from '../../lib/access.ts';
import { AppError, badRequest } from '../../lib/errors.ts';
import { assertNotThrottled, clearAccountFailures, recordFailure } from '../../lib/login-throttle.ts';
import type { Mailer } from '../../lib/mail.ts';
import { hashPassword, verifyPassword } from '../../lib/password.ts';
import { hashToken, newToken } from '../../lib/tokens.ts';

const INVALID_LOGIN = 'The email/mobile or password is not correct.';

export type ClientInfo = { ip: string; userAgent?: string };

/** Logs in by email or mobile and opens a session. Failures never say whether the account exists. */
export async function login(
  db: Db,
  input: { login: string; password: string },
  client: ClientInfo,
  ttlHours: number,
): Promise<SessionUser> {
  await assertNotThrottled(db, client.ip, input.login);
  const loginName = input.login.trim().toLowerCase();
  const [user] = await db
    .select({
      id: users.id,
      passwordHash: users.passwordHash,
      status: users.status,
      industryStatus: industries.status,
    })
    .from(users)
    .leftJoin(industries, eq(industries.id, users.industryId))
    .where(or(eq(users.email, loginName), eq(users.mobile, loginName)))
    .limit(1);
  const passwordOk = await verifyPassword(user?.passwordHash, input.password);
  if (!user || !passwordOk) {
    await recordFailure(db, client.ip, input.login);
    throw new AppError(401, 'INVALID_CREDENTIALS', INVALID_LOGIN);
  }
  if (user.status !== 'active' || user.industryStatus === 'inactive') {
    throw new AppError(403, 'ACCOUNT_INACTIVE', 'This account is deactivated. Please contact your administrator.');
  }
  await clearAccountFailures(db, input.login);
  const { token, hash } = newToken();
  const expiresAt = new Date(Date.now() + ttlHours * 3600_000);
  await db.insert(sessions).values({
    userId: user.id,
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
  const flags = user.industryId
    ? (
        await db
          .select({
            hideRequest: industries.hideMaterialRequest,
            hideRfp: industries.hideMaterialRfp,
            canAddRequest: industries.canAddRequest,
          })
          .from(industries)
          .where(eq(industries.id, user.industryId))
      )[0]
    : undefined;
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
    const [c] = await db.select({ name: carriers.name }).from(carriers).where(eq(carriers.id, user.carrierId));
    return c?.name ?? null;
  }
  return null;
}

export async function logout(db: Db, sessionId: number): Promise<void> {
  await db.update(sessions).set({ revokedAt: new Date() }).where(eq(sessions.id, sessionId));
}

/** Ends every open session of a user (deactivation, password change or reset). */
export async function revokeAllSessions(db: Db, userId: number, exceptSessionId?: number): Promise<void> {
  await db
    .update(sessions)
    .set({ revokedAt: new Date() })
    .where(
      and(eq(sessions.userId, userId), isNull(sessions.revokedAt), exceptSessionId ? sql`${sessions.id} <> ${exceptSessionId}` : undefined),
    );
}

/** Sends a single-use reset link when the address belongs to an active user; silent otherwise. */
export async function forgotPassword(db: Db, mailer: Mailer, email: string, baseUrl: string): Promise<void> {
  const [user] = await db
    .select({ id: users.id, name: users.name, email: users.email })
    .from(users)
    .where(and(eq(users.email, email.trim().toLowerCase()), eq(users.status, 'active')));
  if (user) {
    await sendPasswordLink(db, mailer, user, baseUrl, 'reset');
  }
}

const INVITE_TTL_MINUTES = 72 * 60;

/**
 * Mails a single-use `#/password/reset/{token}` link: a reset (valid an hour) or, for a user
 * someone else created, an invitation to choose a first password (valid 72 hours).
 */
export async function sendPasswordLink(
  db: DbOrTx,
  mailer: Mailer,
  user: { id: number; name: string; email: string },
  baseUrl: string,
  kind: 'reset' | 'invite',
  company?: string,
): Promise<void> {
  const minutes = kind === 'reset' ? PASSWORD_RESET_TTL_MINUTES : INVITE_TTL_MINUTES;
  const { token, hash } = newToken();
  await db.insert(passwordResets).values({ userId: user.id, tokenHash: hash, expiresAt: new Date(Date.now() + minutes * 60_000) });
  const link = `${baseUrl.replace(/\/$/, '')}/#/password/reset/${token}`;
  const mail =
    kind === 'reset'
      ? {
          subject: 'Reset your Freightdesk password',
          text: `Hello ${user.name},\n\nTo choose a new password, open this link within ${minutes} minutes:\n\n${link}\n\nThe link works once. If you did not ask for it, ignore this mail; your password stays as it is.\n`,
        }
      : {
          subject: `You are invited to Freightdesk${company ? ` by ${company}` : ''}`,
          text: `Hello ${user.name},\n\nAn account was created for you on Freightdesk${company ? ` for ${company}` : ''}. Choose your password within 72 hours here:\n\n${link}\n\nThen log in with ${user.email}.\n`,
        };
  await mailer.send({ to: user.email, ...mail });
}

async function liveReset(db: Db, token: string) {
  const [row] = await db
    .select({ id: passwordResets.id, userId: passwordResets.userId, email: users.email })
    .from(passwordResets)
    .innerJoin(users, eq(users.id, passwordResets.userId))
    .where(
      and(
        eq(passwordResets.tokenHash, hashToken(token)),
        isNull(passwordResets.usedAt),
        gt(passwordResets.expiresAt, sql`now()`),
        eq(users.status, 'active'),
      ),
    );
  return row;
}

const RESET_INVALID = 'This reset link is invalid or has expired. Please ask for a new one.';

export async function checkResetToken(db: Db, token: string): Promise<{ email: string }> {
  const row = await liveReset(db, token);
  if (!row) {
    throw badRequest('token', RESET_INVALID);
  }
  return { email: row.email };
}

/** Sets the new password, spends the link, and ends every session of the user. */
export async function resetPassword(db: Db, token: string, password: string): Promise<void> {
  const passwordHash = await hashPassword(password);
  await db.transaction(async (tx) => {
    const [spent] = await tx
      .update(passwordResets)
      .set({ usedAt: new Date() })
      .where(and(eq(passwordResets.tokenHash, hashToken(token)), isNull(passwordResets.usedAt), gt(passwordResets.expiresAt, sql`now()`)))
      .returning({ userId: passwordResets.userId });
    if (!spent) {
      throw badRequest('token', RESET_INVALID);
    }
    await tx.update(users).set({ passwordHash, updatedAt: new Date() }).where(eq(users.id, spent.userId));
    await tx
      .update(sessions)
      .set({ revokedAt: new Date() })
      .where(and(eq(sessions.userId, spent.userId), isNull(sessions.revokedAt)));
  });
}
