import { eq, sql } from 'drizzle-orm';
import type { BusinessUnit, BusinessUnitInputParsed, BusinessUnitListQuery } from '@freightdesk/shared/schemas/business-unit';
import { businessUnits } from '../../db/schema/tenancy.ts';
import { withIsoDates } from '../../lib/rows.ts';
import { tenantResource } from '../../lib/tenant-resource.ts';

export const businessUnitResource = tenantResource<BusinessUnit, BusinessUnitInputParsed, BusinessUnitListQuery>({
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
});
