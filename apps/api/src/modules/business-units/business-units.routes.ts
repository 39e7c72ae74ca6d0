import { and, asc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { businessUnitInputSchema, businessUnitListQuerySchema } from '@freightdesk/shared/schemas/business-unit';
import { businessUnits } from '../../db/schema/tenancy.ts';
import { industryOf } from '../../lib/access.ts';
import { registerResourceRoutes } from '../../lib/resource-routes.ts';
import { businessUnitResource } from './business-units.service.ts';

export async function businessUnitRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db } = app.deps.database;

  /** Active units for filters and forms: every shipper user may read them. */
  app.get('/options', { config: { access: { userTypes: [3, 4] } }, schema: { tags: ['business units'] } }, async (request) => {
    const rows = await db
      .select({ id: businessUnits.id, name: businessUnits.name, code: businessUnits.code })
      .from(businessUnits)
      .where(and(eq(businessUnits.industryId, industryOf(request.user)), eq(businessUnits.status, 'active')))
      .orderBy(asc(businessUnits.name));
    return { data: rows };
  });

  registerResourceRoutes(fastify, businessUnitResource, {
    tag: 'business units',
    permissions: { list: 'list-business', add: 'add-business', edit: 'edit-business' },
    input: businessUnitInputSchema,
    listQuery: businessUnitListQuerySchema,
  });
}
