import { and, count, eq, inArray, sql } from 'drizzle-orm';
import type { Staff, StaffInputParsed, StaffListQuery } from '@freightdesk/shared/schemas/staff';
import type { DbOrTx } from '../db/client.ts';
import { users } from '../db/schema/auth.ts';
import { plants } from '../db/schema/plants.ts';
import { staffBusinessUnits, staffPlants } from '../db/schema/staff.ts';
import { businessUnits, roles } from '../db/schema/tenancy.ts';
import { badRequest } from '../lib/errors.ts';
import type { Actor, ResourceSpec } from '../lib/resource-spec.ts';
import { revokeSessions } from './sessions.repository.ts';
import { withIsoDates } from './common/rows.ts';

/**
 * Staff (issue 32): a shipper's users of type 4, their rows, reference checks and plant /
 * business-unit assignments, every statement within the shipper.
 */

async function allOwned(db: DbOrTx, table: typeof plants | typeof businessUnits, industryId: number, ids: number[]) {
  if (ids.length === 0) {
    return true;
  }
  const [row] = await db
    .select({ n: count() })
    .from(table)
    .where(and(eq(table.industryId, industryId), inArray(table.id, ids)));
  return row?.n === ids.length;
}

async function checkReferences(tx: DbOrTx, actor: Actor, input: StaffInputParsed) {
  const [role] = await tx
    .select({ id: roles.id, status: roles.status })
    .from(roles)
    .where(and(eq(roles.industryId, actor.industryId), eq(roles.id, input.roleId)));
  if (role?.status !== 'active') {
    throw badRequest('roleId', 'Choose one of your active roles.');
  }
  if (!(await allOwned(tx, plants, actor.industryId, input.plantIds))) {
    throw badRequest('plantIds', 'Choose plants of your own company.');
  }
  if (!(await allOwned(tx, businessUnits, actor.industryId, input.businessUnitIds))) {
    throw badRequest('businessUnitIds', 'Choose business units of your own company.');
  }
}

async function replaceAssignments(tx: DbOrTx, id: number, input: StaffInputParsed) {
  await tx.delete(staffPlants).where(eq(staffPlants.userId, id));
  await tx.delete(staffBusinessUnits).where(eq(staffBusinessUnits.userId, id));
  if (input.plantIds.length) {
    await tx.insert(staffPlants).values(input.plantIds.map((plantId) => ({ userId: id, plantId })));
  }
  if (input.businessUnitIds.length) {
    await tx.insert(staffBusinessUnits).values(input.businessUnitIds.map((businessUnitId) => ({ userId: id, businessUnitId })));
  }
}

/** Staff: users of type 4 of one shipper, with a role and plant / business-unit assignments. */
export const staffSpec: ResourceSpec<Staff, StaffInputParsed, StaffListQuery> = {
  entity: 'staff',
  label: 'Staff member',
  table: users as never,
  scope: eq(users.userType, 4),
  select: {
    id: users.id,
    name: users.name,
    email: users.email,
    mobile: users.mobile,
    roleId: users.roleId,
    roleName: roles.name,
    plantIds: sql<
      number[]
    >`coalesce((select array_agg(sp.plant_id order by sp.plant_id) from staff_plants sp where sp.user_id = users.id), '{}')`.as(
      'plant_ids',
    ),
    businessUnitIds: sql<
      number[]
    >`coalesce((select array_agg(sb.business_unit_id order by sb.business_unit_id) from staff_business_units sb where sb.user_id = users.id), '{}')`.as(
      'business_unit_ids',
    ),
    status: users.status,
    createdAt: users.createdAt,
    updatedAt: users.updatedAt,
  },
  joins: [{ table: roles, on: eq(roles.id, users.roleId) }],
  search: [users.name, users.email, users.mobile],
  sorts: { name: users.name, email: users.email, status: users.status, createdAt: users.createdAt },
  filters: (q) => [q.status ? eq(users.status, q.status) : undefined, q.roleId ? eq(users.roleId, q.roleId) : undefined],
  unique: {
    users_email: ['email', 'Another account already uses this email.'],
    users_mobile: ['mobile', 'Another account already uses this mobile number.'],
  },
  toRow: withIsoDates<Staff>,
  toValues: (input) => ({ userType: 4, name: input.name, email: input.email, mobile: input.mobile, roleId: input.roleId }),
  check: checkReferences,
  afterWrite: (tx, _actor, id, input) => replaceAssignments(tx, id, input),
  afterStatus: async (tx, _actor, id, status) => {
    if (status === 'inactive') {
      await revokeSessions(tx, { userId: id });
    }
  },
};
