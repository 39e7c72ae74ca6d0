import { and, count, eq, gte, lt, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { users } from '../../db/schema/auth.ts';
import { parties } from '../../db/schema/parties.ts';
import { plants } from '../../db/schema/plants.ts';
import { devices } from '../../db/schema/platform.ts';
import { routeMasters } from '../../db/schema/routes.ts';
import { industryCarriers } from '../../db/schema/tenancy.ts';
import { industryOf, requireUser } from '../../lib/access.ts';
import { plantRestriction } from '../plants/plants.routes.ts';

const day = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'Use the date format YYYY-MM-DD')
  .optional();
export const dashboardQuerySchema = z.object({
  startDate: day,
  endDate: day,
  plantId: z.coerce.number().int().positive().optional(),
  businessUnitId: z.coerce.number().int().positive().optional(),
});

/**
 * `/api/dashboard`: the shipper's cards for what exists so far (master data); freight figures
 * (requests, orders, spend) join as those features land. The date range counts records created in it.
 */
export async function dashboardRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db } = app.deps.database;
  app.get(
    '/',
    { config: { access: { userTypes: [3, 4] } }, schema: { tags: ['dashboard'], querystring: dashboardQuerySchema } },
    async (request) => {
      const industryId = industryOf(request.user);
      const q = request.query;
      const created = (column: PgColumn) => [
        q.startDate ? gte(column, new Date(`${q.startDate}T00:00:00+05:30`)) : undefined,
        q.endDate ? lt(column, new Date(new Date(`${q.endDate}T00:00:00+05:30`).getTime() + 86_400_000)) : undefined,
      ];
      const tally = async (table: PgTable, ...where: (SQL | undefined)[]) => {
        const [row] = await db
          .select({ n: count() })
          .from(table)
          .where(and(...where));
        return row?.n ?? 0;
      };
      const plantScope = [
        eq(plants.industryId, industryId),
        plantRestriction(requireUser(request)),
        q.plantId ? eq(plants.id, q.plantId) : undefined,
        q.businessUnitId ? eq(plants.businessUnitId, q.businessUnitId) : undefined,
      ];
      const cards = {
        activePlants: await tally(plants, ...plantScope, eq(plants.status, 'active'), ...created(plants.createdAt)),
        activeCarriers: await tally(
          industryCarriers,
          eq(industryCarriers.industryId, industryId),
          eq(industryCarriers.status, 'active'),
          ...created(industryCarriers.createdAt),
        ),
        blockedCarriers: await tally(industryCarriers, eq(industryCarriers.industryId, industryId), eq(industryCarriers.status, 'blocked')),
        clients: await tally(parties, eq(parties.industryId, industryId), eq(parties.kind, 'client'), ...created(parties.createdAt)),
        vendors: await tally(parties, eq(parties.industryId, industryId), eq(parties.kind, 'vendor'), ...created(parties.createdAt)),
        staff: await tally(users, eq(users.industryId, industryId), eq(users.userType, 4), eq(users.status, 'active')),
        routes: await tally(routeMasters, eq(routeMasters.industryId, industryId), eq(routeMasters.status, 'active')),
        devices: await tally(devices, eq(devices.industryId, industryId)),
      };
      return { data: { cards, filters: q } };
    },
  );
}
