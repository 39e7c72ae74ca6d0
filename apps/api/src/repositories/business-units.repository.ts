import { masterOptionRows } from '@freightdesk/shared/schemas/answers-masters';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { BusinessUnit, BusinessUnitInputParsed, BusinessUnitListQuery } from '@freightdesk/shared/schemas/business-unit';
import { businessUnits } from '../db/schema/tenancy.ts';
import { industryOf } from '../lib/access.ts';
import { type StaffScope, staffBusinessUnitScope } from '../lib/policy-scope.ts';
import type { OptionsSpec } from './common/options.ts';
import type { ResourceSpec } from '../lib/resource-spec.ts';
import { withIsoDates } from './common/rows.ts';

/** Business units (issue 32): their picker and their rows, scoped to the shipper and a staff user's units. */

/** A staff user sees only the business units assigned; none assigned means all (the policy's rule). */
export const businessUnitRestriction = (user: StaffScope) => staffBusinessUnitScope(user, businessUnits.id);

export const businessUnitOptions: OptionsSpec = {
  answer: masterOptionRows.businessUnit,
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

export const businessUnitSpec: ResourceSpec<BusinessUnit, BusinessUnitInputParsed, BusinessUnitListQuery> = {
  entity: 'business-unit',
  label: 'Business unit',
  table: businessUnits,
  select: {
    id: businessUnits.id,
    name: businessUnits.name,
    code: businessUnits.code,
    status: businessUnits.status,
    // Drizzle renders a bare column name inside select, so the outer table is named in full.
    plantCount: sql<number>`(select count(*) from plants p where p.business_unit_id = business_units.id)::int`.as('plant_count'),
    createdAt: businessUnits.createdAt,
    updatedAt: businessUnits.updatedAt,
  },
  search: [businessUnits.name, businessUnits.code],
  sorts: { name: businessUnits.name, code: businessUnits.code, status: businessUnits.status, createdAt: businessUnits.createdAt },
  filters: (q) => [q.status ? eq(businessUnits.status, q.status) : undefined],
  unique: { business_units_industry_code: ['code', 'Another business unit already uses this code.'] },
  toRow: withIsoDates<BusinessUnit>,
  toValues: (input) => input,
};
