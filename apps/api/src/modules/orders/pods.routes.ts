import fastifyMultipart from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { orderAnswer } from '@freightdesk/shared/schemas/answers';
import { podListAnswer } from '@freightdesk/shared/schemas/answers-execution';
import { idParamSchema } from '@freightdesk/shared/schemas/common';
import { podAcceptBodySchema, podRejectBodySchema } from '@freightdesk/shared/schemas/pod';
import { industryOf, requireUser } from '../../lib/access.ts';
import { type Direction, ORDER_PERMISSIONS, ordersFor } from '../../lib/policy.ts';
import { carrierOrder, orderResources, orScopeNone } from './order-resource.ts';
import { POD_UPLOAD_LIMITS, receivePod } from './pod-upload.ts';
import { assertMove } from './orders.service.ts';
import { decidePod, listPods, submitPod } from './pods.service.ts';

/**
 * `/api/orders/{dir}/:id/pod`: every version of the order's proof of delivery (inbound: the
 * receipt); accept it (the order closes) or send it back with a reason. The order list permission
 * of the direction and the policy's change rule (tenant, plants).
 */
export function podRoutes(direction: Direction) {
  return async (fastify: FastifyInstance) => {
    const app = fastify.withTypeProvider<ZodTypeProvider>();
    const { db } = app.deps.database;
    const config = { access: { permission: ORDER_PERMISSIONS[direction].list } };
    const tags = ['proof of delivery'];
    app.get('/:id/pod', { config, schema: { tags, params: idParamSchema, response: { 200: podListAnswer } } }, async (request) => {
      const user = requireUser(request);
      const order = await orderResources[direction].mustFind(
        db,
        industryOf(user),
        request.params.id,
        orScopeNone(ordersFor(user, 'read', direction)),
      );
      return { data: await listPods(db, order.id) };
    });
    app.post(
      '/:id/pod/accept',
      { config, schema: { tags, params: idParamSchema, body: podAcceptBodySchema, response: { 200: orderAnswer } } },
      async (request) => {
        const user = requireUser(request);
        return {
          data: await decidePod(db, user, industryOf(user), direction, request.params.id, { accept: true, remarks: request.body.remarks }),
        };
      },
    );
    app.post(
      '/:id/pod/reject',
      { config, schema: { tags, params: idParamSchema, body: podRejectBodySchema, response: { 200: orderAnswer } } },
      async (request) => {
        const user = requireUser(request);
        return {
          data: await decidePod(db, user, industryOf(user), direction, request.params.id, { accept: false, reason: request.body.reason }),
        };
      },
    );
  };
}

/**
 * `/api/carrier/orders/:id/deliver` (multipart: the POD file and its fields) and
 * `/api/carrier/orders/:id/pod` (the versions). Multipart is registered in this plugin only, so
 * every other route keeps refusing it.
 */
export async function carrierPodRoutes(fastify: FastifyInstance) {
  await fastify.register(fastifyMultipart, { limits: POD_UPLOAD_LIMITS, throwFileSizeLimit: true });
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db } = app.deps.database;
  const config = { access: { userTypes: [2] } } as const;
  const tags = ['carrier portal'];
  app.get('/:id/pod', { config, schema: { tags, params: idParamSchema, response: { 200: podListAnswer } } }, async (request) => {
    const order = await carrierOrder(db, requireUser(request), request.params.id);
    return { data: await listPods(db, order.id) };
  });
  app.post('/:id/deliver', { config, schema: { tags, params: idParamSchema, response: { 200: orderAnswer } } }, async (request) => {
    const user = requireUser(request);
    // The order first: another carrier's is not found, and a move the road refuses is 409, before anything is stored.
    const order = await carrierOrder(db, user, request.params.id);
    assertMove({ status: order.status, requestType: order.requestType }, 'delivered');
    const { file, fields } = await receivePod(request, app.deps.storage);
    return { data: await submitPod(db, app.deps.storage, user, request.params.id, fields, file) };
  });
}
