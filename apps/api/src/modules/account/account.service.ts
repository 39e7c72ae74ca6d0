import type { Profile, UpdateProfileBody } from '@freightdesk/shared/schemas/auth';
import { USER_TYPE_NAMES, type UserType } from '@freightdesk/shared/user-types';
import type { Db } from '../../db/client.ts';
import type { AuthUser } from '../../lib/access.ts';
import { badRequest, conflict } from '../../lib/errors.ts';
import { revokeSessions } from '../../repositories/sessions.repository.ts';
import { hashPassword, verifyPassword } from '../../lib/password.ts';
import { companyName } from '../auth/auth.service.ts';
import { revokePasswordLinks } from '../auth/password-links.ts';
import { mobileTakenByOther, passwordHashOf, setPasswordHash, updateProfileRow } from '../../repositories/user-accounts.repository.ts';

/** The role shown in the header: the staff role's name, else the user type's. */
export function roleLabel(user: AuthUser): string {
  return user.userType === 4 ? (user.roleName ?? 'Staff') : USER_TYPE_NAMES[user.userType];
}

export async function headerDetails(db: Db, user: AuthUser) {
  return { industry: await companyName(db, user), name: user.name, role: roleLabel(user) };
}

export { currentPlan } from '../../repositories/plans.repository.ts';

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
    if (await mobileTakenByOther(db, mobile, user.id)) {
      throw conflict('mobile', 'This mobile number is already used by another account.');
    }
  }
  const picture = body.profilePicture === undefined ? user.profilePicture : body.profilePicture;
  await updateProfileRow(db, user.id, { name: body.name, mobile, profilePicture: picture });
  return profile(db, { ...user, name: body.name, mobile, profilePicture: picture });
}

/** Changes the password after checking the current one; other sessions and every unused reset link of the user end. */
export async function changePassword(db: Db, user: AuthUser, current: string, next: string): Promise<void> {
  if (!(await verifyPassword(await passwordHashOf(db, user.id), current))) {
    throw badRequest('currentPassword', 'The current password is not correct.');
  }
  if (current === next) {
    throw badRequest('password', 'The new password must differ from the current one.');
  }
  const passwordHash = await hashPassword(next);
  await db.transaction(async (tx) => {
    await setPasswordHash(tx, user.id, passwordHash);
    await revokePasswordLinks(tx, user.id);
    await revokeSessions(tx, { userId: user.id, exceptSessionId: user.sessionId });
  });
}
