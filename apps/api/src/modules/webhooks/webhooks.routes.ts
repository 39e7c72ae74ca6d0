import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { idParamSchema } from '@freightdesk/shared/schemas/common';
import { webhookDeliveryListQuerySchema, webhookDeliveryParamSchema, webhookEndpointBodySchema } from '@freightdesk/shared/schemas/webhook';
import { webhookCatalogue } from '@freightdesk/shared/schemas/webhook-events';
import { requireUser } from '../../lib/access.ts';
import { WEBHOOK_DELIVER_JOB } from '../../lib/webhooks.ts';
import { createWebhookDelivery } from '../../lib/webhooks-delivery.ts';
import { listAttempts, listDeliveries, replayDelivery } from './webhook-deliveries.service.ts';
import { createEndpoint, deleteEndpoint, listEndpoints, rotateSecret, sendTestEvent, updateEndpoint } from './webhooks.service.ts';
import * as I from '@freightdesk/shared/schemas/answers-integrations';

/**
 * `/api/webhooks` (issue 34): a company's endpoints (the carrier account and the shipper owner
 * manage their own), their secrets, test events, delivery log and replay; the public event
 * catalogue; and the durable delivery jobs.
 */
export async function webhookRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db } = app.deps.database;
  const { outbound } = app.deps;
  const tags = ['webhooks'];
  const config = { access: { userTypes: [2, 3] } } as const;
  // Attempts wait at most 15 s for an answer; the runner's limit covers the bookkeeping around it.
  app.deps.jobs.register(WEBHOOK_DELIVER_JOB, createWebhookDelivery(db, outbound, app.log), { timeoutMs: 30_000, maxAttempts: 20 });

  app.get(
    '/event-types',
    { config: { access: 'public' }, schema: { tags, response: { 200: I.webhookEventTypeListAnswer } } },
    async () => ({ data: webhookCatalogue() }),
  );

  app.get('/endpoints', { config, schema: { tags, response: { 200: I.webhookEndpointListAnswer } } }, async (request) => ({
    data: await listEndpoints(db, requireUser(request)),
  }));
  app.post(
    '/endpoints',
    { config, schema: { tags, body: webhookEndpointBodySchema, response: { 201: I.webhookEndpointAnswer } } },
    async (request, reply) => {
      reply.code(201);
      return { data: await createEndpoint(db, outbound, requireUser(request), request.body) };
    },
  );
  app.put(
    '/endpoints/:id',
    { config, schema: { tags, params: idParamSchema, body: webhookEndpointBodySchema, response: { 200: I.webhookEndpointAnswer } } },
    async (request) => ({
      data: await updateEndpoint(db, outbound, requireUser(request), request.params.id, request.body),
    }),
  );
  app.delete(
    '/endpoints/:id',
    { config, schema: { tags, params: idParamSchema, response: { 200: I.webhookDeletedAnswer } } },
    async (request) => {
      await deleteEndpoint(db, requireUser(request), request.params.id);
      return { data: { deleted: true } };
    },
  );
  app.post(
    '/endpoints/:id/rotate-secret',
    { config, schema: { tags, params: idParamSchema, response: { 200: I.webhookEndpointAnswer } } },
    async (request) => ({
      data: await rotateSecret(db, requireUser(request), request.params.id),
    }),
  );
  app.post(
    '/endpoints/:id/test',
    { config, schema: { tags, params: idParamSchema, response: { 202: I.webhookTestAnswer } } },
    async (request, reply) => {
      reply.code(202);
      return { data: await sendTestEvent(db, requireUser(request), request.params.id) };
    },
  );
  app.get(
    '/endpoints/:id/deliveries',
    {
      config,
      schema: { tags, params: idParamSchema, querystring: webhookDeliveryListQuerySchema, response: { 200: I.webhookDeliveryListAnswer } },
    },
    async (request) => listDeliveries(db, requireUser(request), request.params.id, request.query),
  );
  app.get(
    '/endpoints/:id/deliveries/:deliveryId/attempts',
    { config, schema: { tags, params: webhookDeliveryParamSchema, response: { 200: I.webhookAttemptListAnswer } } },
    async (request) => ({
      data: await listAttempts(db, requireUser(request), request.params.id, request.params.deliveryId),
    }),
  );
  app.post(
    '/endpoints/:id/deliveries/:deliveryId/replay',
    { config, schema: { tags, params: webhookDeliveryParamSchema, response: { 202: I.idAnswer } } },
    async (request, reply) => {
      reply.code(202);
      return { data: await replayDelivery(db, requireUser(request), request.params.id, request.params.deliveryId) };
    },
  );
}
