import { asc, eq } from 'drizzle-orm';
import { roles } from '../../db/schema/tenancy.ts';
import { industryOf } from '../../lib/access.ts';
import type { OptionsSpec } from '../../lib/options.ts';

export const roleOptions: OptionsSpec = {
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
