import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { idParamSchema, listQuerySchema, listResponseSchema } from '@freightdesk/shared/schemas/common';
import {
  factorVersionAnswer,
  factorVersionInputSchema,
  factorVersionSchema,
  orderEmissionsAnswer,
} from '@freightdesk/shared/schemas/emissions';
import { requireUser } from '../../lib/access.ts';
import { factorVersionList } from '../../repositories/emissions.repository.ts';
import { addFactorVersion, orderEmissionsFor } from './emissions.service.ts';

/**
 * `/api/emissions` (issue 37): an order's figure for whoever may read the order (the shipper's
 * users within their plants, the carrier it was addressed to), and the emission factor versions:
 * read by shipper users and the platform admin, added by the admin (defaults) or by whoever may
 * change the company's settings (its own).
 */
export async function emissionRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db } = app.deps.database;
  const tags = ['emissions'];
  const readers = { access: { userTypes: [2, 3, 4] } } as const;
  const factorUsers = { access: { userTypes: [1, 3, 4] } } as const;

  app.get(
    '/orders/:id',
    {
      config: readers,
      schema: {
        tags,
        summary: "Read an order's well-to-wheel emissions (ISO 14083 / GLEC), its factors and the rail alternative",
        params: idParamSchema,
        response: { 200: orderEmissionsAnswer },
      },
    },
    async (request) => ({ data: await orderEmissionsFor(db, requireUser(request), request.params.id) }),
  );
  app.get(
    '/factors',
    {
      config: factorUsers,
      schema: {
        tags,
        summary: 'List emission factor versions (the defaults and the company’s own), newest first',
        querystring: listQuerySchema,
        response: { 200: listResponseSchema(factorVersionSchema) },
      },
    },
    async (request) => factorVersionList(db, requireUser(request), request.query),
  );
  app.post(
    '/factors',
    {
      config: factorUsers,
      schema: {
        tags,
        summary: 'Add a dated emission factor version (every factor, each with its source)',
        body: factorVersionInputSchema,
        response: { 201: factorVersionAnswer },
      },
    },
    async (request, reply) => reply.code(201).send({ data: await addFactorVersion(db, requireUser(request), request.body) }),
  );
}
