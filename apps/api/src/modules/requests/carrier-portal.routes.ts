import type { FastifyInstance, FastifyRequest } from 'fastify';
import { idParamSchema } from '@freightdesk/shared/schemas/common';
import { carrierRequestListQuerySchema, type PlaceBidBody, placeBidBodySchema } from '@freightdesk/shared/schemas/bid';
import { carrierOf, requireUser } from '../../lib/access.ts';
import { AppError } from '../../lib/errors.ts';
import { IDEMPOTENCY_HEADER } from '../../lib/idempotency.ts';
import { routeApp } from '../../lib/route-app.ts';
import { placeBid } from './bids.service.ts';
import { carrierRequests } from './carrier-request-list.ts';
import { carrierRequest } from './carrier-requests.service.ts';
import { carrierUsualPrice } from './usual-price.service.ts';
import {
  bidPositionAnswer,
  carrierRequestAnswer,
  carrierRequestListAnswer,
  usualPriceAnswer,
} from '@freightdesk/shared/schemas/answers-procurement';

/** `/api/carrier`: the carrier portal's requests and bids (user type 2). */
export async function carrierPortalRoutes(fastify: FastifyInstance) {
  const app = routeApp(fastify);
  const { db } = app.deps.database;
  const config = { access: { userTypes: [2] } } as const;
  const tags = ['carrier portal'];
  // One tab (live: scheduled and open; finished: closed and awarded), searched and paged, with both tabs' counts.
  const list = { tags, querystring: carrierRequestListQuerySchema, response: { 200: carrierRequestListAnswer } };
  app.get('/requests', { config, schema: list }, async (request) => carrierRequests(db, requireUser(request), request.query));
  app.get(
    '/requests/:id',
    { config, schema: { tags, params: idParamSchema, response: { 200: carrierRequestAnswer } } },
    async (request) => ({
      data: await carrierRequest(db, requireUser(request), request.params.id),
    }),
  );
  // The bid form's usual price: this shipper's history on this lane (the shipper's own rule), else distance.
  const usualPrice = { tags, params: idParamSchema, response: { 200: usualPriceAnswer } };
  app.get('/requests/:id/usual-price', { config, schema: usualPrice }, async (request) => ({
    data: await carrierUsualPrice(db, requireUser(request), request.params.id),
  }));
  // A bid keeps its idempotency inside its batch (bids.service): the header is its key.
  const bidConfig = { ...config, idempotency: false } as const;
  app.post(
    '/requests/:id/bids',
    { config: bidConfig, schema: { tags, params: idParamSchema, body: placeBidBodySchema, response: { 201: bidPositionAnswer } } },
    async (request, reply) => {
      const position = await placeBid(db, carrierOf(request), request.params.id, withHeaderKey(request, request.body));
      app.deps.realtime.toRequest({ type: 'request:bids', requestId: request.params.id, bidEndAt: position.bidEndAt });
      return reply.code(201).send({ data: position });
    },
  );
}

/** The bid's key: the `Idempotency-Key` header, or the body's `idempotencyKey`; both must agree. */
function withHeaderKey(request: FastifyRequest, body: PlaceBidBody): PlaceBidBody {
  const header = request.headers[IDEMPOTENCY_HEADER];
  if (typeof header !== 'string') {
    return body;
  }
  const parsed = placeBidBodySchema.shape.idempotencyKey.safeParse(header);
  if (!parsed.success || (body.idempotencyKey && body.idempotencyKey !== header)) {
    const message = body.idempotencyKey
      ? 'Idempotency-Key differs from the idempotencyKey of the body'
      : 'Idempotency-Key must be 8 to 100 characters';
    throw new AppError(400, 'VALIDATION_FAILED', message, { 'Idempotency-Key': message });
  }
  return { ...body, idempotencyKey: header };
}
