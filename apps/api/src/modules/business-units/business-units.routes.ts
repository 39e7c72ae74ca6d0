import { STATUS_LABEL, type Status } from '@freightdesk/shared/schemas/common';
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { businessUnitInputSchema, businessUnitListQuerySchema } from '@freightdesk/shared/schemas/business-unit';
import { businessUnits } from '../../db/schema/tenancy.ts';
import { type AuthUser, industryOf, requireUser } from '../../lib/access.ts';
import { registerResourceRoutes } from '../../lib/resource-routes.ts';
import { businessUnitResource } from './business-units.service.ts';

/** A staff user sees only the business units assigned; none assigned means all. */
function businessUnitRestriction(user: AuthUser) {
  return user.userType === 4 && user.businessUnitIds.length ? inArray(businessUnits.id, user.businessUnitIds) : undefined;
}

export async function businessUnitRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db } = app.deps.database;

  /** Active units for filters and forms: every shipper user may read them. */
  app.get('/options', { config: { access: { userTypes: [3, 4] } }, schema: { tags: ['business units'] } }, async (request) => {
    const user = requireUser(request);
    const rows = await db
      .select({ id: businessUnits.id, name: businessUnits.name, code: businessUnits.code })
      .from(businessUnits)
      .where(and(eq(businessUnits.industryId, industryOf(request.user)), eq(businessUnits.status, 'active'), businessUnitRestriction(user)))
      .orderBy(asc(businessUnits.name));
    return { data: rows };
  });

  registerResourceRoutes(fastify, businessUnitResource, {
    tag: 'business units',
    permissions: { list: 'list-business', add: 'add-business', edit: 'edit-business' },
    input: businessUnitInputSchema,
    listQuery: businessUnitListQuerySchema,
    exportColumns: [
      { key: 'name', label: 'Business unit' },
      { key: 'code', label: 'Code' },
      { key: 'plantCount', label: 'Plants' },
      { key: 'status', label: 'Status', format: (v) => STATUS_LABEL[v as Status] },
    ],
    restrict: businessUnitRestriction,
  });
}
