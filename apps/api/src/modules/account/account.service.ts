import { and, eq, gt, lte, ne, sql } from 'drizzle-orm';
import type { Profile, UpdateProfileBody } from '@freightdesk/shared/schemas/auth';
import { USER_TYPE_NAMES, type UserType } from '@freightdesk/shared/user-types';
import type { Db, DbOrTx } from '../../db/client.ts';
import { users } from '../../db/schema/auth.ts';
import { plans, subscriptions } from '../../db/schema/tenancy.ts';
import type { AuthUser } from '../../lib/access.ts';
import { badRequest, conflict } from '../../lib/errors.ts';
import { revokeSessions } from '../../lib/sessions.ts';
import { hashPassword, verifyPassword } from '../../lib/password.ts';
import { companyName } from '../auth/auth.service.ts';
import { revokePasswordLinks } from '../auth/password-links.ts';

/** The role shown in the header: the staff role's name, else the user type's. */
export function roleLabel(user: AuthUser): string {
  return user.userType === 4 ? (user.roleName ?? 'Staff') : USER_TYPE_NAMES[user.userType];
}

export async function headerDetails(db: Db, user: AuthUser) {
  return { industry: await companyName(db, user), name: user.name, role: roleLabel(user) };
}

/** The shipper's plan in force now: a list of one item, or empty when there is none. */
export async function currentPlan(db: DbOrTx, industryId: number | null) {
  if (!industryId) {
    return [];
  }
  const rows = await db
    .select({
      planId: plans.id,
      planName: plans.name,
      noOfMembers: plans.noOfMembers,
      noOfPlants: plans.noOfPlants,
      startsAt: subscriptions.startsAt,
      endsAt: subscriptions.endsAt,
    })
    .from(subscriptions)
    .innerJoin(plans, eq(plans.id, subscriptions.planId))
    .where(
      and(
        eq(subscriptions.industryId, industryId),
        eq(subscriptions.status, 'active'),
        lte(subscriptions.startsAt, sql`now()`),
        gt(subscriptions.endsAt, sql`now()`),
      ),
    )
    .orderBy(sql`${subscriptions.endsAt} desc`)
    .limit(1);
  return rows.map((r) => ({ ...r, startsAt: r.startsAt.toISOString(), endsAt: r.endsAt.toISOString() }));
}

export async function profile(db: Db, user: AuthUser): Promise<Profile> {
  return {
    id: user.id,
    name: user.name,
    email: user.email,
    mobile: user.mobile,
    profilePicture: user.profilePicture,
    userType: user.userType as UserType,
    userTypeName: USER_TYPE_NAMES[user.userType],
    industry: await companyName(db, user),
    role: roleLabel(user),
  };
}

export async function updateProfile(db: Db, user: AuthUser, body: UpdateProfileBody): Promise<Profile> {
  const mobile = body.mobile === undefined ? user.mobile : body.mobile;
  if (mobile) {
    const [taken] = await db
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.mobile, mobile), ne(users.id, user.id)));
    if (taken) {
      throw conflict('mobile', 'This mobile number is already used by another account.');
    }
  }
  const picture = body.profilePicture === undefined ? user.profilePicture : body.profilePicture;
  await db.update(users).set({ name: body.name, mobile, profilePicture: picture, updatedAt: new Date() }).where(eq(users.id, user.id));
  return profile(db, { ...user, name: body.name, mobile, profilePicture: picture });
}

/** Changes the password after checking the current one; other sessions and every unused reset link of the user end. */
export async function changePassword(db: Db, user: AuthUser, current: string, next: string): Promise<void> {
  const [row] = await db.select({ hash: users.passwordHash }).from(users).where(eq(users.id, user.id));
  if (!(await verifyPassword(row?.hash, current))) {
    throw badRequest('currentPassword', 'The current password is not correct.');
  }
  if (current === next) {
    throw badRequest('password', 'The new password must differ from the current one.');
  }
  const passwordHash = await hashPassword(next);
  await db.transaction(async (tx) => {
    await tx.update(users).set({ passwordHash, updatedAt: new Date() }).where(eq(users.id, user.id));
    await revokePasswordLinks(tx, user.id);
    await revokeSessions(tx, { userId: user.id, exceptSessionId: user.sessionId });
  });
}
