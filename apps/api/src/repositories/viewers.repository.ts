import { and, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/client.ts';
import { users } from '../db/schema/auth.ts';
import { industries, roles } from '../db/schema/tenancy.ts';

/** A user as lib/access.ts builds its viewer: the user, the shipper, the role, the plants and units held. */
export const viewerColumns = {
  id: users.id,
  userType: users.userType,
  name: users.name,
  email: users.email,
  mobile: users.mobile,
  profilePicture: users.profilePicture,
  industryId: users.industryId,
  industryName: industries.name,
  industryStatus: industries.status,
  carrierId: users.carrierId,
  roleName: roles.name,
  rolePermissions: roles.permissions,
  roleStatus: roles.status,
  plantIds: sql<number[] | null>`(select array_agg(sp.plant_id) from staff_plants sp where sp.user_id = users.id)`,
  businessUnitIds: sql<number[] | null>`(select array_agg(sb.business_unit_id) from staff_business_units sb where sb.user_id = users.id)`,
};

/** One active user's viewer row (without a session). */
export async function viewerRowById(db: DbOrTx, userId: number) {
  const [row] = await db
    .select(viewerColumns)
    .from(users)
    .leftJoin(industries, eq(industries.id, users.industryId))
    .leftJoin(roles, eq(roles.id, users.roleId))
    .where(and(eq(users.id, userId), eq(users.status, 'active')))
    .limit(1);
  return row;
}

/** The viewer rows of a shipper's active users (the shipper active). */
export function shipperViewerRows(db: DbOrTx, industryId: number) {
  return db
    .select(viewerColumns)
    .from(users)
    .innerJoin(industries, eq(industries.id, users.industryId))
    .leftJoin(roles, eq(roles.id, users.roleId))
    .where(and(eq(users.industryId, industryId), eq(users.status, 'active'), eq(industries.status, 'active')));
}
