import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  adminDashboardAnswer,
  carrierDashboardAnswer,
  dashboardAnswer,
  dashboardBreakdownAnswer,
  dashboardTrendsAnswer,
} from '@freightdesk/shared/schemas/answers-execution-reports';
import { idQuery } from '@freightdesk/shared/schemas/common';
import { industryOf, requireUser } from '../../lib/access.ts';
import { DASHBOARD_CARDS, dashboardRepository } from '../../repositories/dashboard.repository.ts';
import { adminFigures } from './admin-figures.ts';
import { carrierFigures } from './carrier-figures.ts';
import { freightCards } from '../../repositories/dashboard-freight.repository.ts';
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
  const dashboard = dashboardRepository(db);
  app.get(
    '',
    {
      config: { access: { userTypes: [3, 4] } },
      schema: { tags: ['dashboard'], querystring: dashboardQuerySchema, response: { 200: dashboardAnswer } },
    },
    async (request) => {
      const industryId = industryOf(request.user);
      const q = request.query;
      const cards = await dashboard.masterCards(requireUser(request), q);
      const freight = await freightCards(db, requireUser(request), industryId, q);
      return { data: { cards, freight, filters: q } };
    },
  );

  /** The charts below the cards, for the same filters (see dashboardTrends). Static, so before `/:card`. */
  app.get(
    '/trends',
    {
      config: { access: { userTypes: [3, 4] } },
      schema: { tags: ['dashboard'], querystring: dashboardQuerySchema, response: { 200: dashboardTrendsAnswer } },
    },
    async (request) => ({ data: await dashboardTrends(db, requireUser(request), industryOf(request.user), request.query) }),
  );

  /** The carrier's own figures (user type 2): live auctions, its bids' positions, orders to serve. */
  const carrier = { tags: ['dashboard'], response: { 200: carrierDashboardAnswer } };
  app.get('/carrier', { config: { access: { userTypes: [2] } }, schema: carrier }, async (request) => ({
    data: await carrierFigures(db, requireUser(request)),
  }));

  /** The platform admin's figures (user type 1): shippers, plans ending, devices out, mail. */
  app.get(
    '/admin',
    { config: { access: { userTypes: [1] } }, schema: { tags: ['dashboard'], response: { 200: adminDashboardAnswer } } },
    async () => ({
      data: await adminFigures(db),
    }),
  );

  /** `extend_dashboard/{id}`: one card broken down (plants by state, carriers by status …). */
  app.get(
    '/:card',
    {
      config: { access: { userTypes: [3, 4] } },
      schema: {
        tags: ['dashboard'],
        params: z.object({ card: z.enum(DASHBOARD_CARDS) }),
        response: { 200: dashboardBreakdownAnswer },
      },
    },
    async (request) => ({ data: await dashboard.breakdown(requireUser(request), request.params.card) }),
  );
}
