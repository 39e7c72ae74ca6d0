import { and, asc, eq, inArray } from 'drizzle-orm';
import { businessUnits } from '../../db/schema/tenancy.ts';
import { type AuthUser, industryOf } from '../../lib/access.ts';
import type { OptionsSpec } from '../../lib/options.ts';

/** A staff user sees only the business units assigned; none assigned means all. */
export function businessUnitRestriction(user: AuthUser) {
  return user.userType === 4 && user.businessUnitIds.length ? inArray(businessUnits.id, user.businessUnitIds) : undefined;
}

export const businessUnitOptions: OptionsSpec = {
  master: 'businessUnits',
  tag: 'business units',
  table: businessUnits,
  columns: { id: businessUnits.id, label: businessUnits.name, name: businessUnits.name, code: businessUnits.code },
  label: businessUnits.name,
  scope: (user) => and(eq(businessUnits.industryId, industryOf(user)), businessUnitRestriction(user)),
  offered: eq(businessUnits.status, 'active'),
  search: [businessUnits.name, businessUnits.code],
  order: [asc(businessUnits.name), asc(businessUnits.id)],
};
