import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { carrierScorecardAnswer } from '@freightdesk/shared/schemas/answers-execution-reports';
import { scorecardQuerySchema } from '@freightdesk/shared/schemas/carrier-scorecard';
import { requireUser } from '../../lib/access.ts';
import { carrierScorecard } from './carrier-scorecard.service.ts';

/**
 * `GET /api/carrier/scorecard?from&to` (carrier users, issue 37 item 3): the carrier's own
 * scorecard per shipper it serves — the shipper's carrier-scorecard report's measures, under the
 * policy's carrier rule — and the emissions of its finished loads by month.
 */
export async function carrierScorecardRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  // Like the reports, it reads months of orders: the reports pool (db/client.ts) runs it.
  const db = app.deps.database.reports;
  app.get(
    '',
    {
      config: { access: { userTypes: [2] } },
      schema: {
        tags: ['carrier portal'],
        summary: 'Read the carrier’s own scorecard per shipper and its emissions by month (stored figures of finished loads)',
        querystring: scorecardQuerySchema,
        response: { 200: carrierScorecardAnswer },
      },
    },
    async (request) => ({ data: await carrierScorecard(db, requireUser(request), request.query) }),
  );
}
