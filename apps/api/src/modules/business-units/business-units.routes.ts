import { and, asc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { businessUnits } from '../../db/schema/tenancy.ts';
import { industryOf } from '../../lib/access.ts';

/** Business unit options for filters and forms; the full screens come with master data. */
export async function businessUnitRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db } = app.deps.database;

  app.get(
    '/business-units/options',
    { config: { access: { userTypes: [3, 4] } }, schema: { tags: ['business units'] } },
    async (request) => {
      const industryId = industryOf(request.user);
      const rows = await db
        .select({ id: businessUnits.id, name: businessUnits.name, code: businessUnits.code })
        .from(businessUnits)
        .where(and(eq(businessUnits.industryId, industryId), eq(businessUnits.status, 'active')))
        .orderBy(asc(businessUnits.name));
      return { data: rows };
    },
  );
}
