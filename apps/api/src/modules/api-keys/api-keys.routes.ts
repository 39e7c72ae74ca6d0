import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { apiKeyCreateSchema, apiKeyListQuerySchema, apiKeyParamSchema } from '@freightdesk/shared/schemas/api-key';
import { requireUser } from '../../lib/access.ts';
import { createApiKey, listApiKeyCalls, listApiKeys, revokeKey, scopesGrantable } from './api-keys.service.ts';
import * as I from '@freightdesk/shared/schemas/answers-integrations';

/**
 * `/api/api-keys` (issue 34): a company's API keys, managed by the carrier account and the shipper
 * owner (user types 2 and 3). A key itself may call none of these (no scope's area holds them).
 */
export async function apiKeyRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db } = app.deps.database;
  const config = { access: { userTypes: [2, 3] } } as const;
  const tags = ['api-keys'];

  app.get('/grantable', { config, schema: { tags, response: { 200: I.apiKeyGrantableAnswer } } }, async (request) => ({
    data: { scopes: await scopesGrantable(db, requireUser(request)) },
  }));

  app.get('', { config, schema: { tags, querystring: apiKeyListQuerySchema, response: { 200: I.apiKeyListAnswer } } }, async (request) =>
    listApiKeys(db, requireUser(request), request.query),
  );

  app.post('', { config, schema: { tags, body: apiKeyCreateSchema, response: { 201: I.apiKeyCreatedAnswer } } }, async (request, reply) => {
    const created = await createApiKey(db, requireUser(request), request.body);
    return reply.code(201).send({ data: created });
  });

  app.post('/:id/revoke', { config, schema: { tags, params: apiKeyParamSchema, response: { 200: I.idAnswer } } }, async (request) => ({
    data: await revokeKey(db, requireUser(request), request.params.id),
  }));

  app.get(
    '/:id/calls',
    { config, schema: { tags, params: apiKeyParamSchema, querystring: apiKeyListQuerySchema, response: { 200: I.apiKeyCallListAnswer } } },
    async (request) => listApiKeyCalls(db, requireUser(request), request.params.id, request.query),
  );
}
