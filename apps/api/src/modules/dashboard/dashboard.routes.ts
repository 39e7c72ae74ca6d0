import { and, count, eq, type SQL, sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idQuery } from '@freightdesk/shared/schemas/common';
import { users } from '../../db/schema/auth.ts';
import { parties } from '../../db/schema/parties.ts';
import { plants } from '../../db/schema/plants.ts';
import { devices } from '../../db/schema/platform.ts';
import { routeMasters } from '../../db/schema/routes.ts';
import { industryCarriers } from '../../db/schema/tenancy.ts';
import { type AuthUser, industryOf, requireUser } from '../../lib/access.ts';
import { staffPlantScope } from '../../lib/policy.ts';
import { adminFigures } from './admin-figures.ts';
import { carrierFigures } from './carrier-figures.ts';
import { freightCards, inFilterDays } from './freight.ts';
import { dashboardTrends } from './trends.ts';

const day = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'Use the date format YYYY-MM-DD')
  .optional();
export const dashboardQuerySchema = z.object({
  startDate: day,
  endDate: day,
  plantId: idQuery.optional(),
  businessUnitId: idQuery.optional(),
});

/**
 * `/api/dashboard`: the shipper's freight figures (`freight`, see freightCards) and master-data
 * cards (`cards`). The date range counts records created in it.
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
      const tally = async (table: PgTable, ...where: (SQL | undefined)[]) => {
        const [row] = await db
          .select({ n: count() })
          .from(table)
          .where(and(...where));
        return row?.n ?? 0;
      };
      const plantScope = [
        eq(plants.industryId, industryId),
        staffPlantScope(requireUser(request), plants.id),
        q.plantId ? eq(plants.id, q.plantId) : undefined,
        q.businessUnitId ? eq(plants.businessUnitId, q.businessUnitId) : undefined,
      ];
      const cards = {
        activePlants: await tally(plants, ...plantScope, eq(plants.status, 'active'), inFilterDays(plants.createdAt, q)),
        activeCarriers: await tally(
          industryCarriers,
          eq(industryCarriers.industryId, industryId),
          eq(industryCarriers.status, 'active'),
          inFilterDays(industryCarriers.createdAt, q),
        ),
        blockedCarriers: await tally(industryCarriers, eq(industryCarriers.industryId, industryId), eq(industryCarriers.status, 'blocked')),
        clients: await tally(parties, eq(parties.industryId, industryId), eq(parties.kind, 'client'), inFilterDays(parties.createdAt, q)),
        vendors: await tally(parties, eq(parties.industryId, industryId), eq(parties.kind, 'vendor'), inFilterDays(parties.createdAt, q)),
        staff: await tally(users, eq(users.industryId, industryId), eq(users.userType, 4), eq(users.status, 'active')),
        routes: await tally(routeMasters, eq(routeMasters.industryId, industryId), eq(routeMasters.status, 'active')),
        devices: await tally(devices, eq(devices.industryId, industryId)),
      };
      const freight = await freightCards(db, requireUser(request), industryId, q);
      return { data: { cards, freight, filters: q } };
    },
  );

  /** The charts below the cards, for the same filters (see dashboardTrends). Static, so before `/:card`. */
  app.get(
    '/trends',
    { config: { access: { userTypes: [3, 4] } }, schema: { tags: ['dashboard'], querystring: dashboardQuerySchema } },
    async (request) => ({ data: await dashboardTrends(db, requireUser(request), industryOf(request.user), request.query) }),
  );

  /** The carrier's own figures (user type 2): live auctions, its bids' positions, orders to serve. */
  app.get('/carrier', { config: { access: { userTypes: [2] } }, schema: { tags: ['dashboard'] } }, async (request) => ({
    data: await carrierFigures(db, requireUser(request)),
  }));

  /** The platform admin's figures (user type 1): shippers, plans ending, devices out, mail. */
  app.get('/admin', { config: { access: { userTypes: [1] } }, schema: { tags: ['dashboard'] } }, async () => ({
    data: await adminFigures(db),
  }));

  /** `extend_dashboard/{id}`: one card broken down (plants by state, carriers by status …). */
  app.get(
    '/:card',
    {
      config: { access: { userTypes: [3, 4] } },
      schema: { tags: ['dashboard'], params: z.object({ card: z.enum(DASHBOARD_CARDS) }) },
    },
    async (request) => {
      const industryId = industryOf(request.user);
      const breakdown = BREAKDOWNS[request.params.card];
      const result = await db.execute(breakdown(industryId, requireUser(request)));
      const rows = (result as unknown as { rows: { label: string | null; count: number }[] }).rows;
      return { data: rows.map((r) => ({ label: r.label ?? '—', count: Number(r.count) })) };
    },
  );
}

export const DASHBOARD_CARDS = ['plants', 'carriers', 'clients', 'vendors', 'staff', 'routes', 'devices'] as const;

/** A staff user's plants, as the plants card counts them (the policy's rule, `and …`; nothing for others). */
const withinPlants = (user: AuthUser) => {
  const scope = staffPlantScope(user, plants.id);
  return scope ? sql`and ${scope}` : sql``;
};

/** The grouping behind each card's detail page, scoped to one shipper (and, for plants, to a staff user's plants, as the card). */
const BREAKDOWNS: Record<(typeof DASHBOARD_CARDS)[number], (industryId: number, user: AuthUser) => SQL> = {
  plants: (id, user) =>
    sql`select state as label, count(*)::int as count from plants where industry_id = ${id} and status = 'active' ${withinPlants(user)}
      group by state order by count desc, label`,
  carriers: (id) =>
    sql`select status as label, count(*)::int as count from industry_carriers where industry_id = ${id} group by status order by label`,
  clients: (id) =>
    sql`select a.city as label, count(distinct p.id)::int as count from parties p join party_addresses a on a.party_id = p.id where p.industry_id = ${id} and p.kind = 'client' group by a.city order by count desc, label limit 20`,
  vendors: (id) =>
    sql`select a.city as label, count(distinct p.id)::int as count from parties p join party_addresses a on a.party_id = p.id where p.industry_id = ${id} and p.kind = 'vendor' group by a.city order by count desc, label limit 20`,
  staff: (id) =>
    sql`select coalesce(r.name, 'No role') as label, count(*)::int as count from users u left join roles r on r.id = u.role_id where u.industry_id = ${id} and u.user_type = 4 and u.status = 'active' group by r.name order by count desc, label`,
  routes: (id) =>
    sql`select coalesce(pl.name, s.name) as label, count(*)::int as count from route_masters rm left join plants pl on pl.id = rm.origin_plant_id left join stops s on s.id = rm.origin_stop_id where rm.industry_id = ${id} and rm.status = 'active' group by coalesce(pl.name, s.name) order by count desc, label`,
  devices: (id) => sql`select state as label, count(*)::int as count from devices where industry_id = ${id} group by state order by label`,
};
