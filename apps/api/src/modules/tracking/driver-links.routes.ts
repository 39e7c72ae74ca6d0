import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { driverLinkCreatedAnswer, driverLinkRevokedAnswer, driverLinkStateAnswer } from '@freightdesk/shared/schemas/answers-driver';
import { idParamSchema } from '@freightdesk/shared/schemas/common';
import { driverLinkBodySchema } from '@freightdesk/shared/schemas/driver-trip';
import { linkBaseUrl } from '../../config.ts';
import { requireUser } from '../../lib/access.ts';
import { createDriverLink, driverLinkOf, revokeDriverLink } from './driver-links.service.ts';

/**
 * `/api/carrier/orders/:id/driver-link`: the carrier's driver link of one of its orders (issue 35,
 * record 0300): made (a new one revokes the last; the token is in this answer only), read, revoked.
 * Another carrier's order is not found, as on its other order routes.
 */
export async function carrierDriverLinkRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db } = app.deps.database;
  const config = { access: { userTypes: [2] } } as const;
  const tags = ['carrier portal'];
  const params = idParamSchema;
  app.post(
    '/:id/driver-link',
    { config, schema: { tags, params, body: driverLinkBodySchema, response: { 201: driverLinkCreatedAnswer } } },
    async (request, reply) => {
      const base = linkBaseUrl(app.deps.config);
      const data = await createDriverLink(db, requireUser(request), request.params.id, request.body.driverPhone, base);
      return reply.code(201).send({ data });
    },
  );
  app.get('/:id/driver-link', { config, schema: { tags, params, response: { 200: driverLinkStateAnswer } } }, async (request) => ({
    data: await driverLinkOf(db, requireUser(request), request.params.id),
  }));
  app.delete('/:id/driver-link', { config, schema: { tags, params, response: { 200: driverLinkRevokedAnswer } } }, async (request) => ({
    data: await revokeDriverLink(db, requireUser(request), request.params.id),
  }));
}
