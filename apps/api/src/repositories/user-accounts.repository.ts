import { and, eq, ne, or } from 'drizzle-orm';
import type { DbOrTx } from '../db/client.ts';
import { sessions, users } from '../db/schema/auth.ts';
import { carriers, industries } from '../db/schema/tenancy.ts';

/**
 * A user's own account (issue 32): the login's lookup, sessions opened, the company's name and
 * flags, the profile and the password. Each statement reads or writes the one user it names.
 */

/** The account a login text (email or mobile, lower case) names, with its shipper's status. */
export const loginCandidateQuery = (db: DbOrTx, loginName: string) =>
  db
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

export async function loginCandidate(db: DbOrTx, loginName: string) {
  const [user] = await loginCandidateQuery(db, loginName);
  return user;
}

export type SessionRow = typeof sessions.$inferInsert;

export async function insertSession(db: DbOrTx, row: SessionRow): Promise<void> {
  await db.insert(sessions).values(row);
}

/** The shipper's flags a session carries. */
export async function shipperFlags(db: DbOrTx, industryId: number) {
  const [flags] = await db
    .select({
      hideRequest: industries.hideMaterialRequest,
      hideRfp: industries.hideMaterialRfp,
      canAddRequest: industries.canAddRequest,
    })
    .from(industries)
    .where(eq(industries.id, industryId));
  return flags;
}

export async function carrierName(db: DbOrTx, carrierId: number): Promise<string | null> {
  const [c] = await db.select({ name: carriers.name }).from(carriers).where(eq(carriers.id, carrierId));
  return c?.name ?? null;
}

/** The active user with this email, for a reset link. */
export async function activeUserByEmail(db: DbOrTx, email: string) {
  const [user] = await db
    .select({ id: users.id, name: users.name, email: users.email })
    .from(users)
    .where(and(eq(users.email, email), eq(users.status, 'active')));
  return user;
}

/** Whether another user than `userId` has this mobile number. */
export async function mobileTakenByOther(db: DbOrTx, mobile: string, userId: number): Promise<boolean> {
  const [taken] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.mobile, mobile), ne(users.id, userId)));
  return Boolean(taken);
}

export async function updateProfileRow(
  db: DbOrTx,
  userId: number,
  values: { name: string; mobile: string | null; profilePicture: string | null },
): Promise<void> {
  await db
    .update(users)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(users.id, userId));
}

export async function passwordHashOf(db: DbOrTx, userId: number): Promise<string | null | undefined> {
  const [row] = await db.select({ hash: users.passwordHash }).from(users).where(eq(users.id, userId));
  return row?.hash;
}

export async function setPasswordHash(db: DbOrTx, userId: number, passwordHash: string): Promise<void> {
  await db.update(users).set({ passwordHash, updatedAt: new Date() }).where(eq(users.id, userId));
}

export type UserStatus = typeof users.$inferSelect.status;

/** The user's status, or undefined when there is no such user. */
export async function userStatus(db: DbOrTx, userId: number): Promise<{ status: UserStatus } | undefined> {
  const [before] = await db.select({ status: users.status }).from(users).where(eq(users.id, userId));
  return before;
}

export async function setUserStatus(db: DbOrTx, userId: number, status: UserStatus): Promise<void> {
  await db.update(users).set({ status, updatedAt: new Date() }).where(eq(users.id, userId));
}
