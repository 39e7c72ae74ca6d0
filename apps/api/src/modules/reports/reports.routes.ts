import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { REPORT_NAMES, SUMMARY_REPORTS, summaryPageQuerySchema } from '@freightdesk/shared/schemas/report';
import { reportCatalogAnswer, reportLanesAnswer, reportPageAnswer } from '@freightdesk/shared/schemas/answers-execution-reports';
import { searchQuery } from '@freightdesk/shared/schemas/common';
import { requireUser } from '../../lib/access.ts';
import { forbidden } from '../../lib/errors.ts';
import { SUMMARIES } from './catalog.ts';
import { orderRegister } from './order-register.ts';
import { laneChoices, orderLanes } from '../../repositories/report-summary.repository.ts';
import { catalogEntry, summaryPage } from './summary.ts';

/**
 * `/api/reports` (`my-reports`, `list-industry-report`): the summary reports the user may read,
 * and one report's page of rows with its totals. Each report applies the policy's rule for its
 * records; the same reports export through `/api/exports`.
 */
export async function reportRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  // Report queries read years of records: the reports pool (db/client.ts) runs them.
  const db = app.deps.database.reports;
  const tags = ['reports'];
  const config = { access: { permission: 'list-industry-report' } } as const;
  app.get('', { config, schema: { tags, response: { 200: reportCatalogAnswer } } }, async (request) => {
    const viewer = requireUser(request);
    return { data: SUMMARIES.filter((def) => def.scope(viewer, {}) !== null).map(catalogEntry) };
  });
  app.get(
    '/:name',
    {
      config,
      schema: {
        tags,
        params: z.object({ name: z.enum(SUMMARY_REPORTS, { error: `name must be one of: ${SUMMARY_REPORTS.join(', ')}` }) }),
        querystring: summaryPageQuerySchema,
        response: { 200: reportPageAnswer },
      },
    },
    async (request) => {
      const viewer = requireUser(request);
      const def = SUMMARIES.find((d) => d.name === request.params.name);
      const { page, pageSize, ...params } = request.query;
      const scope = def?.scope(viewer, params);
      if (!def || !scope) {
        throw forbidden(def?.refused ?? 'You may not read this report.');
      }
      return { data: await summaryPage(db, def, scope, params, page, pageSize) };
    },
  );
  // The lane filter's picker: the lanes the user's records of the report ran on, searched here.
  app.get(
    '/:name/lanes',
    {
      config,
      schema: {
        tags,
        params: z.object({ name: z.enum(REPORT_NAMES, { error: `name must be one of: ${REPORT_NAMES.join(', ')}` }) }),
        querystring: z.object({ search: searchQuery }).strict(),
        response: { 200: reportLanesAnswer },
      },
    },
    async (request) => {
      const viewer = requireUser(request);
      const { name } = request.params;
      const def = SUMMARIES.find((d) => d.name === name);
      const source = def ? def.lanes : orderLanes;
      const scope = def ? def.scope(viewer, {}) : orderRegister.scope(viewer, {});
      if (!scope) {
        throw forbidden(def?.refused ?? orderRegister.refused);
      }
      return { data: await laneChoices(db, source, scope, request.query.search) };
    },
  );
}
