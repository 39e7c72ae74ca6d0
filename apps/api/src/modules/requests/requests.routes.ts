import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { PAST_GRACE_MINUTES } from '@freightdesk/shared/constants';
import type { Permission } from '@freightdesk/shared/permissions';
import { idParamSchema } from '@freightdesk/shared/schemas/common';
import {
  type RequestInputParsed,
  requestBatchSchema,
  requestInputSchema,
  requestListQuerySchema,
  type TransportRequest,
} from '@freightdesk/shared/schemas/request';
import { REQUEST_STATUS_LABEL, type RequestStatus } from '@freightdesk/shared/status/request';
import { carrierRequestListQuerySchema, type PlaceBidBody, placeBidBodySchema } from '@freightdesk/shared/schemas/bid';
import { industryOf, requireUser, shipperActor } from '../../lib/access.ts';
import { REQUEST_PERMISSIONS } from '../../lib/policy.ts';
import { AppError, badRequest } from '../../lib/errors.ts';
import { IDEMPOTENCY_HEADER } from '../../lib/idempotency.ts';
import { exportFormatSchema, sendExport } from '../../lib/export.ts';
import { expectedVersion } from '../../lib/version-check.ts';
import { usualPriceQuerySchema } from '@freightdesk/shared/schemas/usual-price';
import { placeBid, rankedBids } from './bids.service.ts';
import { carrierRequests } from './carrier-request-list.ts';
import { carrierRequest } from './carrier-requests.service.ts';
import { bidWithRevisions, requestHistory } from './history.service.ts';
import { moveRequest, scheduleExpiry, windowJob } from './request-moves.ts';
import { requestResources, requestScope } from '../../repositories/request-rows.repository.ts';
import { createRequest, createRequests, updateRequest } from './requests.service.ts';
import { carrierUsualPrice, shipperUsualPrice } from './usual-price.service.ts';

/** `/api/requests/outbound` and `/api/requests/inbound`: the shipper's transport requests. */
export function requestRoutes(requestType: 1 | 2) {
  return async (fastify: FastifyInstance) => {
    const app = fastify.withTypeProvider<ZodTypeProvider>();
    const { db } = app.deps.database;
    const resource = requestResources[requestType];
    const perms = REQUEST_PERMISSIONS[requestType];
    const can = (permission: Permission) => ({ access: { permission } });
    const tags = ['requests'];

    /** The tenant, narrowed to a staff user's plants. */
    const scope = (request: FastifyRequest) => requestScope(shipperActor(request));
    /** The shipper's request (404 for another tenant's, another direction's or outside a staff user's plants). */
    const own = (request: FastifyRequest, id: number) => resource.mustFind(db, industryOf(request.user), id, scope(request));
    const checkType = (body: RequestInputParsed, field = 'requestType') => {
      if (body.requestType !== requestType) {
        throw badRequest(field, `This is the ${requestType === 2 ? 'inbound (2)' : 'outbound (1)'} request list.`);
      }
    };

    app.get('/', { config: can(perms.list), schema: { tags, querystring: requestListQuerySchema } }, async (request) =>
      resource.list(db, industryOf(request.user), request.query, scope(request)),
    );
    app.get(
      '/export',
      { config: can(perms.list), schema: { tags, querystring: requestListQuerySchema.extend({ format: exportFormatSchema }) } },
      async (request, reply) =>
        sendExport(
          reply,
          request.query.format,
          requestType === 2 ? 'inbound-requests' : 'outbound-requests',
          await resource.exportRows(db, industryOf(request.user), request.query, scope(request)),
          [
            { key: 'number', label: 'Number' },
            { key: 'status', label: 'Status', format: (v) => REQUEST_STATUS_LABEL[v as RequestStatus] },
            { key: 'plantName', label: 'Plant' },
            requestType === 2
              ? { key: 'pickupLabel', label: 'Picked up at' }
              : { key: 'dropoffs', label: 'Drop-offs', format: (v) => (v as TransportRequest['dropoffs']).map((d) => d.label).join('; ') },
            { key: 'vehicleTypeName', label: 'Vehicle type' },
            { key: 'vehicleCount', label: 'Vehicles' },
            { key: 'pickupAt', label: 'Pickup' },
            { key: 'bidEndAt', label: 'Bid end' },
            { key: 'targetPriceRupees', label: 'Target price (INR)' },
          ],
        ),
    );
    // The request form's money field: whoever may fill the form in (new, edit, replicate) may ask.
    app.get(
      '/usual-price',
      { config: { access: { anyOf: [perms.add, perms.edit, perms.replicate] } }, schema: { tags, querystring: usualPriceQuerySchema } },
      async (request) => ({ data: await shipperUsualPrice(db, shipperActor(request), requestType, request.query) }),
    );
    app.get('/:id', { config: can(perms.detail), schema: { tags, params: idParamSchema } }, async (request) => ({
      data: await own(request, request.params.id),
    }));
    app.get('/:id/history', { config: can(perms.detail), schema: { tags, params: idParamSchema } }, async (request) => {
      await own(request, request.params.id);
      return { data: await requestHistory(db, industryOf(request.user), request.params.id) };
    });
    app.get('/:id/bids', { config: can(perms.bids), schema: { tags, params: idParamSchema } }, async (request) => {
      await own(request, request.params.id);
      return { data: await rankedBids(db, industryOf(request.user), requestType, request.params.id) };
    });
    app.get(
      '/:id/bids/:bidId',
      { config: can(perms.bids), schema: { tags, params: idParamSchema.extend({ bidId: idParamSchema.shape.id }) } },
      async (request) => {
        await own(request, request.params.id);
        return { data: await bidWithRevisions(db, industryOf(request.user), requestType, request.params.id, request.params.bidId) };
      },
    );
    app.post('/', { config: can(perms.add), schema: { tags, body: requestInputSchema } }, async (request, reply) => {
      const body = request.body as RequestInputParsed;
      checkType(body);
      return reply.code(201).send({ data: await createRequest(db, shipperActor(request), body) });
    });
    app.post('/batch', { config: can(perms.add), schema: { tags, body: requestBatchSchema } }, async (request, reply) => {
      const inputs = request.body.requests as RequestInputParsed[];
      inputs.forEach((body, i) => {
        checkType(body, `requests.${i}.requestType`);
      });
      return reply.code(201).send({ data: await createRequests(db, shipperActor(request), inputs) });
    });
    app.put('/:id', { config: can(perms.edit), schema: { tags, params: idParamSchema, body: requestInputSchema } }, async (request) => {
      const body = request.body as RequestInputParsed;
      checkType(body);
      const data = await updateRequest(
        db,
        shipperActor(request),
        requestType,
        request.params.id,
        body,
        new Date(),
        expectedVersion(request),
      );
      app.deps.realtime.toRequest({ type: 'request:status', requestId: data.id });
      return { data };
    });
    app.post(
      '/:id/cancel',
      {
        config: can(perms.edit),
        schema: { tags, params: idParamSchema, body: z.object({ reason: z.string().trim().max(300).optional() }).nullish() },
      },
      async (request) => {
        const data = await moveRequest(db, shipperActor(request), requestType, request.params.id, 'cancelled', request.body?.reason);
        app.deps.realtime.toRequest({ type: 'request:status', requestId: data.id });
        return { data };
      },
    );
    app.post('/:id/publish', { config: can(perms.edit), schema: { tags, params: idParamSchema } }, async (request) => {
      const actor = shipperActor(request);
      const current = await own(request, request.params.id);
      const now = Date.now();
      const to: RequestStatus = new Date(current.bidStartAt).getTime() <= now ? 'open' : 'scheduled';
      if (new Date(current.bidEndAt).getTime() <= now) {
        throw badRequest('bidEndAt', 'The bid end has passed; edit the request first.');
      }
      if (new Date(current.pickupAt).getTime() < now - PAST_GRACE_MINUTES * 60_000) {
        throw badRequest('pickupAt', 'The pickup date has passed; edit the request first.');
      }
      const data = await moveRequest(db, actor, requestType, request.params.id, to);
      app.deps.realtime.toRequest({ type: 'request:status', requestId: data.id });
      return { data };
    });
  };
}

/** `/api/carrier`: the carrier portal's requests and bids (user type 2). */
export async function carrierPortalRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db } = app.deps.database;
  const config = { access: { userTypes: [2] } } as const;
  const tags = ['carrier portal'];
  const carrierOf = (request: FastifyRequest) => {
    const user = requireUser(request);
    return { id: user.id, carrierId: user.carrierId ?? 0 };
  };
  // One tab (live: scheduled and open; finished: closed and awarded), searched and paged, with both tabs' counts.
  app.get('/requests', { config, schema: { tags, querystring: carrierRequestListQuerySchema } }, async (request) =>
    carrierRequests(db, requireUser(request), request.query),
  );
  app.get('/requests/:id', { config, schema: { tags, params: idParamSchema } }, async (request) => ({
    data: await carrierRequest(db, requireUser(request), request.params.id),
  }));
  // The bid form's usual price: this shipper's history on this lane (the shipper's own rule), else distance.
  app.get('/requests/:id/usual-price', { config, schema: { tags, params: idParamSchema } }, async (request) => ({
    data: await carrierUsualPrice(db, requireUser(request), request.params.id),
  }));
  // A bid keeps its idempotency inside its batch (bids.service): the header is its key.
  const bidConfig = { ...config, idempotency: false } as const;
  app.post(
    '/requests/:id/bids',
    { config: bidConfig, schema: { tags, params: idParamSchema, body: placeBidBodySchema } },
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

/** The bid window's jobs: open at bid start, close at bid end. */
export function registerRequestJobs(fastify: FastifyInstance) {
  const { db } = fastify.deps.database;
  const announce = (job: ReturnType<typeof windowJob>) => async (payload: Record<string, unknown>) => {
    await job(payload);
    fastify.deps.realtime.toRequest({ type: 'request:status', requestId: Number(payload.id) });
  };
  fastify.deps.jobs.register('request-open', announce(windowJob(db, 'scheduled', 'open', 'bid window')));
  fastify.deps.jobs.register('request-close', announce(windowJob(db, 'open', 'closed', 'bid window', scheduleExpiry)));
  fastify.deps.jobs.register('request-expire', announce(windowJob(db, 'closed', 'expired', 'award window passed')));
}
