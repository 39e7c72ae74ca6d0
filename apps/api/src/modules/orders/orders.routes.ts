import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { bulkLinesOf, idParamSchema } from '@freightdesk/shared/schemas/common';
import { carrierMoveBodySchema, changeVehicleBodySchema } from '@freightdesk/shared/schemas/execution';
import {
  assignVehicleBodySchema,
  awardBodySchema,
  bulkAnswerSchema,
  cancelOrderBodySchema,
  offlineOrderBodySchema,
  orderListQuerySchema,
  rejectOrderBodySchema,
} from '@freightdesk/shared/schemas/order';
import { industryOf, requireUser, shipperActor } from '../../lib/access.ts';
import { ORDER_PERMISSIONS, REQUEST_PERMISSIONS } from '../../lib/policy.ts';
import type { RouteApp } from '../../lib/route-app.ts';
import { expectedVersion } from '../../lib/version-check.ts';
import { arriveAtDestination, changeVehicle, moveWayOf, reportAtPlant } from './carrier-moves.service.ts';
import { verifyAssignment } from '../verification/verification.service.ts';
import { bulkAnswer, createInBulk } from '../../lib/bulk.ts';
import { createOfflineOrder, insertOfflineOrder, updateOfflineOrder } from './offline-orders.service.ts';
import { cancelOrder } from './order-cancel.service.ts';
import { orderDetail } from './order-detail.ts';
import { awardRequest, carrierMoveOrder } from './orders.service.ts';
import { carrierOrder, carrierOrders, offlineOrderList, offlineOrderOf, orderList, orderOf } from '../../repositories/orders.repository.ts';
import { requestOf } from '../../repositories/requests.repository.ts';
import { orderAnswer, orderListAnswer } from '@freightdesk/shared/schemas/answers';
import { awardOrdersAnswer } from '@freightdesk/shared/schemas/answers-procurement';
import { dirWord } from '../../openapi/names.ts';

/** `/api/requests/{dir}/:id/award`: award bids of a closed request into orders. */
export function awardRoutes(requestType: 1 | 2) {
  return async (fastify: FastifyInstance) => {
    const app = fastify.withTypeProvider<ZodTypeProvider>();
    app.post(
      '/:id/award',
      {
        config: { access: { permission: REQUEST_PERMISSIONS[requestType].edit } },
        schema: {
          tags: ['orders'],
          params: idParamSchema,
          body: awardBodySchema,
          response: { 200: awardOrdersAnswer, 201: awardOrdersAnswer },
        },
      },
      async (request, reply) => {
        // An award changes the request: the policy's rule for a change (tenant, permission, plants).
        await requestOf(app.deps.database.db, requireUser(request), industryOf(request.user), requestType, request.params.id, 'change');
        const award = await awardRequest(app.deps.database.db, shipperActor(request), requestType, request.params.id, request.body);
        // A repeat of an award already made answers its orders with 200 and makes nothing.
        if (!award.created) {
          return reply.code(200).send({ data: award.orders });
        }
        app.deps.realtime.toRequest({ type: 'request:status', requestId: request.params.id });
        return reply.code(201).send({ data: award.orders });
      },
    );
  };
}

/**
 * `/api/orders/outbound` and `/api/orders/inbound`: the shipper's orders (the lane in short, the
 * same vehicle on two active orders flagged) and one order's page (`orderDetail`); cancel one.
 */
export function orderRoutes(requestType: 1 | 2) {
  return async (fastify: FastifyInstance) => {
    const app = fastify.withTypeProvider<ZodTypeProvider>();
    const { db } = app.deps.database;
    const config = { access: { permission: ORDER_PERMISSIONS[requestType].list } };
    app.get(
      '',
      {
        config,
        schema: {
          tags: ['orders'],
          summary: `List ${dirWord(requestType)} orders`,
          querystring: orderListQuerySchema,
          response: { 200: orderListAnswer },
        },
      },
      async (request) => orderList(db, requireUser(request), industryOf(request.user), requestType, request.query),
    );
    app.get(
      '/:id',
      {
        config,
        schema: {
          tags: ['orders'],
          summary: `Read one ${dirWord(requestType)} order with its lane, gate events, proofs and timeline`,
          params: idParamSchema,
          response: { 200: orderAnswer },
        },
      },
      async (request) => {
        const order = await orderOf(db, requireUser(request), industryOf(request.user), requestType, request.params.id);
        return { data: await orderDetail(db, requireUser(request), order) };
      },
    );
    // Cancelling is a change of the order: the policy's rule for a change, under the list permission.
    app.post(
      '/:id/cancel',
      {
        config,
        schema: {
          tags: ['orders'],
          summary: `Cancel an ${dirWord(requestType)} order`,
          params: idParamSchema,
          body: cancelOrderBodySchema,
          response: { 200: orderAnswer },
        },
      },
      async (request) => {
        const user = requireUser(request);
        const { order, requestId } = await cancelOrder(db, user, industryOf(user), requestType, request.params.id, request.body.reason);
        if (requestId) {
          // The request's orders and the vehicles left to award change.
          app.deps.realtime.toRequest({ type: 'request:status', requestId });
        }
        return { data: order };
      },
    );
  };
}

/** The declared reads of offline orders (summary and answer in the OpenAPI document; record 0286). */
const offlineReads = (requestType: 1 | 2) => ({
  list: { summary: `List ${dirWord(requestType)} offline orders`, querystring: orderListQuerySchema, response: { 200: orderListAnswer } },
  one: { summary: `Read one ${dirWord(requestType)} offline order`, params: idParamSchema, response: { 200: orderAnswer } },
});

/** The inbound API's bulk call (issue 34): up to 500 offline orders, each created or refused on its own. */
function registerOfflineBulk(app: RouteApp, requestType: 1 | 2) {
  const { db } = app.deps.database;
  const add = { access: { permission: ORDER_PERMISSIONS[requestType].offlineAdd } };
  const body = offlineOrderBodySchema(requestType);
  const summary = `Record up to 500 ${dirWord(requestType)} offline orders at once`;
  const schema = { tags: ['orders'], summary, body: bulkLinesOf(body), response: { 200: bulkAnswerSchema } };
  app.post('/bulk', { config: add, schema }, async (request) => {
    const user = requireUser(request);
    const industryId = industryOf(user);
    const results = await createInBulk(db, request.body.lines, body, (tx, input) =>
      insertOfflineOrder(tx, user, industryId, requestType, input),
    );
    return bulkAnswer(results);
  });
}

/** `/api/offline-orders/{dir}`: orders agreed outside the platform; record (one, or up to 500 at once), read and edit them. */
export function offlineOrderRoutes(requestType: 1 | 2) {
  return async (fastify: FastifyInstance) => {
    const app = fastify.withTypeProvider<ZodTypeProvider>();
    const { db } = app.deps.database;
    const tags = ['orders'];
    const list = { access: { permission: ORDER_PERMISSIONS[requestType].offlineList } };
    const add = { access: { permission: ORDER_PERMISSIONS[requestType].offlineAdd } };
    const body = offlineOrderBodySchema(requestType);
    const verify = { db, registers: app.deps.registers, log: app.log };
    // Offline orders only, as far as the policy lets this user see orders (plants included).
    const reads = offlineReads(requestType);
    app.get('', { config: list, schema: { tags, ...reads.list } }, async (request) =>
      offlineOrderList(db, requireUser(request), industryOf(request.user), requestType, request.query),
    );
    app.get('/:id', { config: list, schema: { tags, ...reads.one } }, async (request) => {
      const order = await offlineOrderOf(db, requireUser(request), industryOf(request.user), requestType, request.params.id);
      return { data: await orderDetail(db, requireUser(request), order) };
    });
    app.post(
      '',
      { config: add, schema: { tags, summary: `Record an ${dirWord(requestType)} offline order`, body, response: { 201: orderAnswer } } },
      async (request, reply) => {
        const user = requireUser(request);
        const order = await createOfflineOrder(db, user, industryOf(user), requestType, request.body);
        await verifyAssignment(verify, order.id, order.vehicleNumber);
        return reply.code(201).send({ data: order });
      },
    );
    registerOfflineBulk(app, requestType);
    // The spec's `/offline/{dir}/order/edit/{id}`: while placed or vehicle assigned, If-Match as every PUT.
    app.put(
      '/:id',
      {
        config: add,
        schema: {
          tags,
          summary: `Edit an ${dirWord(requestType)} offline order (If-Match)`,
          params: idParamSchema,
          body,
          response: { 200: orderAnswer },
        },
      },
      async (request) => {
        const user = requireUser(request);
        const order = await updateOfflineOrder(
          db,
          user,
          industryOf(user),
          requestType,
          request.params.id,
          request.body,
          expectedVersion(request),
        );
        await verifyAssignment(verify, order.id, order.vehicleNumber);
        return { data: order };
      },
    );
  };
}

/**
 * `/api/carrier/orders`: the carrier's orders and one order's page; accept (assign the vehicle) or
 * reject, change the vehicle with a reason, reported at the plant, arrived at the destination.
 * Delivery with its proof is in pods.routes.ts (multipart).
 */
export async function carrierOrderRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db } = app.deps.database;
  const config = { access: { userTypes: [2] } } as const;
  const tags = ['carrier portal'];
  const params = idParamSchema;
  // Every move answers the order as the carrier's list shows it.
  const response = { 200: orderAnswer };
  app.get(
    '',
    {
      config,
      schema: { tags, summary: "List the carrier's orders", querystring: orderListQuerySchema, response: { 200: orderListAnswer } },
    },
    async (request) => carrierOrders(db, requireUser(request), request.query),
  );
  app.get(
    '/:id',
    { config, schema: { tags, summary: "Read one of the carrier's orders", params, response: { 200: orderAnswer } } },
    async (request) => {
      const user = requireUser(request);
      return { data: await orderDetail(db, user, await carrierOrder(db, user, request.params.id)) };
    },
  );
  app.post('/:id/reject', { config, schema: { tags, params, body: rejectOrderBodySchema, response } }, async (request) => ({
    data: await carrierMoveOrder(db, requireUser(request), request.params.id, 'rejected', { reason: request.body.reason }),
  }));
  // VAHAN (and SARATHI) are asked once the vehicle is assigned or changed; a failure is only logged.
  const verify = { db, registers: app.deps.registers, log: app.log };
  app.post('/:id/assign', { config, schema: { tags, params, body: assignVehicleBodySchema, response } }, async (request) => {
    const order = await carrierMoveOrder(db, requireUser(request), request.params.id, 'vehicle_assigned', request.body);
    await verifyAssignment(verify, order.id, order.vehicleNumber);
    return { data: order };
  });
  app.post('/:id/vehicle', { config, schema: { tags, params, body: changeVehicleBodySchema, response } }, async (request) => {
    const order = await changeVehicle(db, requireUser(request), request.params.id, request.body);
    await verifyAssignment(verify, order.id, order.vehicleNumber);
    return { data: order };
  });
  app.post('/:id/report', { config, schema: { tags, params, body: carrierMoveBodySchema, response } }, async (request) => ({
    data: await reportAtPlant(db, requireUser(request), request.params.id, request.body.remarks, moveWayOf(request.body.at)),
  }));
  app.post('/:id/arrive', { config, schema: { tags, params, body: carrierMoveBodySchema, response } }, async (request) => ({
    data: await arriveAtDestination(db, requireUser(request), request.params.id, request.body.remarks, moveWayOf(request.body.at)),
  }));
}
