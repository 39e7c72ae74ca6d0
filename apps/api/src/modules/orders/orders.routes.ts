import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Permission } from '@freightdesk/shared/permissions';
import { idParamSchema } from '@freightdesk/shared/schemas/common';
import { eq } from 'drizzle-orm';
import {
  assignVehicleBodySchema,
  awardBodySchema,
  offlineOrderInputSchema,
  orderListQuerySchema,
  rejectOrderBodySchema,
} from '@freightdesk/shared/schemas/order';
import { orders } from '../../db/schema/orders.ts';
import { industryOf, requireUser, shipperActor } from '../../lib/access.ts';
import { staffPlantScope } from '../plants/plants.routes.ts';
import { requestResources, requestScope } from '../requests/requests.service.ts';
import { awardRequest, carrierMoveOrder, carrierOrders, createOfflineOrder, orderResources, orderTimeline } from './orders.service.ts';

const AWARD: Record<1 | 2, Permission> = { 1: 'edit-outbound-request', 2: 'edit-inbound-request' };
const LIST: Record<1 | 2, Permission> = { 1: 'list-outbound-order', 2: 'list-inbound-order' };
// The spec lists offline outbound orders under list-outbound-order.
const OFFLINE_LIST: Record<1 | 2, Permission> = { 1: 'list-outbound-order', 2: 'list-offline-inbound-order' };
const OFFLINE_ADD: Record<1 | 2, Permission> = { 1: 'add-offline-outbound-order', 2: 'add-offline-inbound-order' };

/** `/api/requests/{dir}/:id/award`: award bids of a closed request into orders. */
export function awardRoutes(requestType: 1 | 2) {
  return async (fastify: FastifyInstance) => {
    const app = fastify.withTypeProvider<ZodTypeProvider>();
    app.post(
      '/:id/award',
      {
        config: { access: { permission: AWARD[requestType] } },
        schema: { tags: ['orders'], params: idParamSchema, body: awardBodySchema },
      },
      async (request, reply) => {
        // The request must be within a staff user's plants.
        await requestResources[requestType].mustFind(
          app.deps.database.db,
          industryOf(request.user),
          request.params.id,
          requestScope(shipperActor(request)),
        );
        const data = await awardRequest(app.deps.database.db, shipperActor(request), requestType, request.params.id, request.body);
        app.deps.realtime.toRequest({ type: 'request:status', requestId: request.params.id });
        return reply.code(201).send({ data });
      },
    );
  };
}

/** `/api/orders/outbound` and `/api/orders/inbound`: the shipper's orders with their timeline. */
export function orderRoutes(requestType: 1 | 2) {
  return async (fastify: FastifyInstance) => {
    const app = fastify.withTypeProvider<ZodTypeProvider>();
    const { db } = app.deps.database;
    const config = { access: { permission: LIST[requestType] } };
    const resource = orderResources[requestType];
    // A staff user sees the orders of the plants assigned.
    const scope = (request: FastifyRequest) => staffPlantScope(requireUser(request), orders.plantId);
    app.get('/', { config, schema: { tags: ['orders'], querystring: orderListQuerySchema } }, async (request) =>
      resource.list(db, industryOf(request.user), request.query, scope(request)),
    );
    app.get('/:id', { config, schema: { tags: ['orders'], params: idParamSchema } }, async (request) => {
      const order = await resource.mustFind(db, industryOf(request.user), request.params.id, scope(request));
      return { data: { ...order, timeline: await orderTimeline(db, order.id) } };
    });
  };
}

/** `/api/offline-orders/{dir}`: orders agreed outside the platform. */
export function offlineOrderRoutes(requestType: 1 | 2) {
  return async (fastify: FastifyInstance) => {
    const app = fastify.withTypeProvider<ZodTypeProvider>();
    const { db } = app.deps.database;
    const resource = orderResources[requestType];
    const tags = ['orders'];
    const list = { access: { permission: OFFLINE_LIST[requestType] } };
    app.get('/', { config: list, schema: { tags, querystring: orderListQuerySchema } }, async (request) =>
      resource.list(db, industryOf(request.user), { ...request.query, source: 'offline' }),
    );
    app.get('/:id', { config: list, schema: { tags, params: idParamSchema } }, async (request) => {
      const order = await resource.mustFind(db, industryOf(request.user), request.params.id, eq(orders.source, 'offline'));
      return { data: { ...order, timeline: await orderTimeline(db, order.id) } };
    });
    app.post(
      '/',
      { config: { access: { permission: OFFLINE_ADD[requestType] } }, schema: { tags, body: offlineOrderInputSchema } },
      async (request, reply) =>
        reply.code(201).send({ data: await createOfflineOrder(db, shipperActor(request), requestType, request.body) }),
    );
  };
}

/** `/api/carrier/orders`: the carrier's orders; reject, or assign a vehicle and driver. */
export async function carrierOrderRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db } = app.deps.database;
  const config = { access: { userTypes: [2] } } as const;
  const tags = ['carrier portal'];
  const carrierOf = (request: FastifyRequest) => {
    const user = requireUser(request);
    return { id: user.id, carrierId: user.carrierId ?? 0 };
  };
  app.get('/', { config, schema: { tags, querystring: orderListQuerySchema } }, async (request) =>
    carrierOrders(db, carrierOf(request).carrierId, request.query),
  );
  app.post('/:id/reject', { config, schema: { tags, params: idParamSchema, body: rejectOrderBodySchema } }, async (request) => ({
    data: await carrierMoveOrder(db, carrierOf(request), request.params.id, 'rejected', { reason: request.body.reason }),
  }));
  app.post('/:id/assign', { config, schema: { tags, params: idParamSchema, body: assignVehicleBodySchema } }, async (request) => ({
    data: await carrierMoveOrder(db, carrierOf(request), request.params.id, 'vehicle_assigned', request.body),
  }));
}
