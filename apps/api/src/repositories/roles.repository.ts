import { masterOptionRows } from '@freightdesk/shared/schemas/answers-masters';
import { asc, eq, sql } from 'drizzle-orm';
import type { Role, RoleInputParsed, RoleListQuery } from '@freightdesk/shared/schemas/role';
import { roles } from '../db/schema/tenancy.ts';
import { industryOf } from '../lib/access.ts';
import type { OptionsSpec } from './common/options.ts';
import type { ResourceSpec } from '../lib/resource-spec.ts';
import { withIsoDates } from './common/rows.ts';

/** Roles (issue 32): their picker and their rows, scoped to the shipper. */

export const roleOptions: OptionsSpec = {
  answer: masterOptionRows.role,
  master: 'roles',
  tag: 'roles',
  table: roles,
  columns: { id: roles.id, label: roles.name, name: roles.name },
  label: roles.name,
  scope: (user) => eq(roles.industryId, industryOf(user)),
  offered: eq(roles.status, 'active'),
  search: [roles.name],
  order: [asc(roles.name), asc(roles.id)],
};

/** Roles: a permission set for staff. A change applies to the staff's next request. */
export const roleSpec: ResourceSpec<Role, RoleInputParsed, RoleListQuery> = {
  entity: 'role',
  label: 'Role',
  table: roles,
  select: {
    id: roles.id,
    name: roles.name,
    permissions: roles.permissions,
    status: roles.status,
    staffCount: sql<number>`(select count(*) from users u where u.role_id = roles.id and u.status = 'active')::int`.as('staff_count'),
    createdAt: roles.createdAt,
    updatedAt: roles.updatedAt,
  },
  search: [roles.name],
  sorts: { name: roles.name, status: roles.status, createdAt: roles.createdAt },
  filters: (q) => [q.status ? eq(roles.status, q.status) : undefined],
  unique: { roles_industry_name: ['name', 'Another role already has this name.'] },
  toRow: withIsoDates<Role>,
  toValues: (input) => input,
};
