import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Permission } from '@freightdesk/shared/permissions';
import { idParamSchema } from '@freightdesk/shared/schemas/common';
import { assignVehicleBodySchema, awardBodySchema, orderListQuerySchema, rejectOrderBodySchema } from '@freightdesk/shared/schemas/order';
import { industryOf, requireUser, shipperActor } from '../../lib/access.ts';
import { awardRequest, carrierMoveOrder, carrierOrders, orderResources, orderTimeline } from './orders.service.ts';

const AWARD: Record<1 | 2, Permission> = { 1: 'edit-outbound-request', 2: 'edit-inbound-request' };
const LIST: Record<1 | 2, Permission> = { 1: 'list-outbound-order', 2: 'list-inbound-order' };

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
      async (request, reply) =>
        reply
          .code(201)
          .send({ data: await awardRequest(app.deps.database.db, shipperActor(request), requestType, request.params.id, request.body) }),
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
    app.get('/', { config, schema: { tags: ['orders'], querystring: orderListQuerySchema } }, async (request) =>
      resource.list(db, industryOf(request.user), request.query),
    );
    app.get('/:id', { config, schema: { tags: ['orders'], params: idParamSchema } }, async (request) => {
      const order = await resource.mustFind(db, industryOf(request.user), request.params.id);
      return { data: { ...order, timeline: await orderTimeline(db, order.id) } };
    });
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
