import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { idParamSchema } from '@freightdesk/shared/schemas/common';
import { webhookDeliveryListQuerySchema, webhookDeliveryParamSchema, webhookEndpointBodySchema } from '@freightdesk/shared/schemas/webhook';
import { webhookCatalogue } from '@freightdesk/shared/schemas/webhook-events';
import { requireUser } from '../../lib/access.ts';
import { WEBHOOK_DELIVER_JOB } from '../../lib/webhooks.ts';
import { createWebhookDelivery } from '../../lib/webhooks-delivery.ts';
import { listAttempts, listDeliveries, replayDelivery } from './webhook-deliveries.service.ts';
import {
  createEndpoint,
  deleteEndpoint,
  listEndpoints,
  revealSecret,
  rotateSecret,
  sendTestEvent,
  updateEndpoint,
} from './webhooks.service.ts';
import * as I from '@freightdesk/shared/schemas/answers-integrations';

/** The declared schemas of the routes (summary and answer in the OpenAPI document; record 0286). */
const ENDPOINT = { params: idParamSchema, response: { 200: I.webhookEndpointAnswer } };
const DELIVERY = { params: webhookDeliveryParamSchema };
const SCHEMAS = {
  catalogue: { response: { 200: I.webhookEventTypeListAnswer } },
  list: { response: { 200: I.webhookEndpointListAnswer } },
  create: { body: webhookEndpointBodySchema, response: { 201: I.webhookEndpointWithSecretAnswer } },
  rotate: { params: idParamSchema, response: { 200: I.webhookEndpointWithSecretAnswer } },
  secret: { params: idParamSchema, response: { 200: I.webhookSecretAnswer } },
  update: { ...ENDPOINT, body: webhookEndpointBodySchema },
  remove: { params: idParamSchema, response: { 200: I.webhookDeletedAnswer } },
  test: { params: idParamSchema, response: { 202: I.webhookTestAnswer } },
  deliveries: { params: idParamSchema, querystring: webhookDeliveryListQuerySchema, response: { 200: I.webhookDeliveryListAnswer } },
  attempts: { ...DELIVERY, response: { 200: I.webhookAttemptListAnswer } },
  replay: { ...DELIVERY, response: { 202: I.idAnswer } },
};

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
  app.deps.jobs.register(WEBHOOK_DELIVER_JOB, createWebhookDelivery(db, outbound, app.log, app.metrics.webhookAttempt), {
    timeoutMs: 30_000,
    maxAttempts: 20,
  });

  app.get('/event-types', { config: { access: 'public' }, schema: { tags, ...SCHEMAS.catalogue } }, async () => ({
    data: webhookCatalogue(),
  }));

  app.get('/endpoints', { config, schema: { tags, ...SCHEMAS.list } }, async (request) => ({
    data: await listEndpoints(db, requireUser(request)),
  }));
  app.post('/endpoints', { config, schema: { tags, ...SCHEMAS.create } }, async (request, reply) => {
    reply.code(201);
    return { data: await createEndpoint(db, outbound, requireUser(request), request.body) };
  });
  app.put('/endpoints/:id', { config, schema: { tags, ...SCHEMAS.update } }, async (request) => ({
    data: await updateEndpoint(db, outbound, requireUser(request), request.params.id, request.body),
  }));
  app.delete('/endpoints/:id', { config, schema: { tags, ...SCHEMAS.remove } }, async (request) => {
    await deleteEndpoint(db, requireUser(request), request.params.id);
    return { data: { deleted: true } };
  });
  app.post('/endpoints/:id/rotate-secret', { config, schema: { tags, ...SCHEMAS.rotate } }, async (request) => ({
    data: await rotateSecret(db, requireUser(request), request.params.id),
  }));
  app.get('/endpoints/:id/secret', { config, schema: { tags, ...SCHEMAS.secret } }, async (request, reply) => {
    reply.header('cache-control', 'no-store');
    return { data: await revealSecret(db, requireUser(request), request.params.id) };
  });
  app.post('/endpoints/:id/test', { config, schema: { tags, ...SCHEMAS.test } }, async (request, reply) => {
    reply.code(202);
    return { data: await sendTestEvent(db, requireUser(request), request.params.id) };
  });
  app.get('/endpoints/:id/deliveries', { config, schema: { tags, ...SCHEMAS.deliveries } }, async (request) =>
    listDeliveries(db, requireUser(request), request.params.id, request.query),
  );
  app.get('/endpoints/:id/deliveries/:deliveryId/attempts', { config, schema: { tags, ...SCHEMAS.attempts } }, async (request) => ({
    data: await listAttempts(db, requireUser(request), request.params.id, request.params.deliveryId),
  }));
  app.post('/endpoints/:id/deliveries/:deliveryId/replay', { config, schema: { tags, ...SCHEMAS.replay } }, async (request, reply) => {
    reply.code(202);
    return { data: await replayDelivery(db, requireUser(request), request.params.id, request.params.deliveryId) };
  });
}
