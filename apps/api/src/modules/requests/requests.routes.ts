import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { PAST_GRACE_MINUTES } from '@freightdesk/shared/constants';
import type { Permission } from '@freightdesk/shared/permissions';
import { bulkLinesOf, idParamSchema } from '@freightdesk/shared/schemas/common';
import { bulkAnswerSchema } from '@freightdesk/shared/schemas/order';
import {
  type RequestInputParsed,
  requestBatchSchema,
  requestInputSchema,
  requestListQuerySchema,
  type TransportRequest,
} from '@freightdesk/shared/schemas/request';
import { REQUEST_STATUS_LABEL, type RequestStatus } from '@freightdesk/shared/status/request';
import { industryOf, shipperActor } from '../../lib/access.ts';
import { REQUEST_PERMISSIONS } from '../../lib/policy.ts';
import { bulkAnswer, createInBulk } from '../../lib/bulk.ts';
import { badRequest } from '../../lib/errors.ts';
import { type ExportColumn, exportFormatSchema, sendExport } from '../../lib/export.ts';
import { type RouteApp, routeApp } from '../../lib/route-app.ts';
import { expectedVersion } from '../../lib/version-check.ts';
import { usualPriceQuerySchema } from '@freightdesk/shared/schemas/usual-price';
import { rankedBids } from './bids.service.ts';
import { bidWithRevisions, requestHistory } from './history.service.ts';
import { afterAuctionClosed, moveRequest, windowJob } from './request-moves.ts';
import { requestResources, requestScope } from '../../repositories/request-rows.repository.ts';
import { createRequest, createRequests, insertRequest, updateRequest } from './requests.service.ts';
import { shipperUsualPrice } from './usual-price.service.ts';
import { requestAnswer, requestListAnswer } from '@freightdesk/shared/schemas/answers';
import {
  bidWithRevisionsAnswer,
  rankedBidListAnswer,
  requestBatchAnswer,
  requestHistoryAnswer,
  usualPriceAnswer,
} from '@freightdesk/shared/schemas/answers-procurement';
import { fileAnswer } from '../../openapi/file-answers.ts';
import { dirWord } from '../../openapi/names.ts';

/** `/api/requests/outbound` and `/api/requests/inbound`: the shipper's transport requests. */
export function requestRoutes(requestType: 1 | 2) {
  return async (fastify: FastifyInstance) => {
    const routes = requestRouteContext(routeApp(fastify), requestType);
    registerReadRoutes(routes);
    registerBidReadRoutes(routes);
    registerWriteRoutes(routes);
    registerMoveRoutes(routes);
  };
}

/** What every request route shares: its direction, permissions, and the shipper's own request. */
function requestRouteContext(app: RouteApp, requestType: 1 | 2) {
  const { db } = app.deps.database;
  const resource = requestResources[requestType];
  /** The tenant, narrowed to a staff user's plants. */
  const scope = (request: FastifyRequest) => requestScope(shipperActor(request));
  return {
    app,
    db,
    requestType,
    resource,
    perms: REQUEST_PERMISSIONS[requestType],
    can: (permission: Permission) => ({ access: { permission } }),
    tags: ['requests'],
    scope,
    /** The shipper's request (404 for another tenant's, another direction's or outside a staff user's plants). */
    own: (request: FastifyRequest, id: number) => resource.mustFind(db, industryOf(request.user), id, scope(request)),
    checkType: (body: RequestInputParsed, field = 'requestType') => {
      if (body.requestType !== requestType) {
        throw badRequest(field, `This is the ${requestType === 2 ? 'inbound (2)' : 'outbound (1)'} request list.`);
      }
    },
  };
}

type RequestRouteContext = ReturnType<typeof requestRouteContext>;
type RequestExportRow = Awaited<ReturnType<(typeof requestResources)[1]['exportRows']>>[number];

/** The columns of the request list's export (inbound: where picked up; outbound: the drop-offs). */
function exportColumns(requestType: 1 | 2): ExportColumn<RequestExportRow>[] {
  return [
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
  ];
}

/** The list, its export, the form's usual price, one request and its history. */
function registerReadRoutes({ app, db, requestType, resource, perms, can, tags, scope, own }: RequestRouteContext) {
  app.get(
    '',
    {
      config: can(perms.list),
      schema: {
        tags,
        summary: `List ${dirWord(requestType)} transport requests`,
        querystring: requestListQuerySchema,
        response: { 200: requestListAnswer },
      },
    },
    async (request) => resource.list(db, industryOf(request.user), request.query, scope(request)),
  );
  app.get(
    '/export',
    {
      config: { ...can(perms.list), fileAnswer: fileAnswer('The requests of the list, as CSV or XLSX', 'csv', 'xlsx') },
      schema: { tags, querystring: requestListQuerySchema.extend({ format: exportFormatSchema }) },
    },
    async (request, reply) =>
      sendExport(
        reply,
        request.query.format,
        requestType === 2 ? 'inbound-requests' : 'outbound-requests',
        await resource.exportRows(db, industryOf(request.user), request.query, scope(request)),
        exportColumns(requestType),
      ),
  );
  // The request form's money field: whoever may fill the form in (new, edit, replicate) may ask.
  app.get(
    '/usual-price',
    {
      config: { access: { anyOf: [perms.add, perms.edit, perms.replicate] } },
      schema: { tags, querystring: usualPriceQuerySchema, response: { 200: usualPriceAnswer } },
    },
    async (request) => ({ data: await shipperUsualPrice(db, shipperActor(request), requestType, request.query) }),
  );
  app.get(
    '/:id',
    {
      config: can(perms.detail),
      schema: {
        tags,
        summary: `Read one ${dirWord(requestType)} transport request`,
        params: idParamSchema,
        response: { 200: requestAnswer },
      },
    },
    async (request) => ({
      data: await own(request, request.params.id),
    }),
  );
  const history = { tags, params: idParamSchema, response: { 200: requestHistoryAnswer } };
  app.get('/:id/history', { config: can(perms.detail), schema: history }, async (request) => {
    await own(request, request.params.id);
    return { data: await requestHistory(db, industryOf(request.user), request.params.id) };
  });
}

/** A request's ranked bids and one bid with its revisions. */
function registerBidReadRoutes({ app, db, requestType, perms, can, tags, own }: RequestRouteContext) {
  app.get(
    '/:id/bids',
    { config: can(perms.bids), schema: { tags, params: idParamSchema, response: { 200: rankedBidListAnswer } } },
    async (request) => {
      await own(request, request.params.id);
      return { data: await rankedBids(db, industryOf(request.user), requestType, request.params.id) };
    },
  );
  app.get(
    '/:id/bids/:bidId',
    {
      config: can(perms.bids),
      schema: { tags, params: idParamSchema.extend({ bidId: idParamSchema.shape.id }), response: { 200: bidWithRevisionsAnswer } },
    },
    async (request) => {
      await own(request, request.params.id);
      return { data: await bidWithRevisions(db, industryOf(request.user), requestType, request.params.id, request.params.bidId) };
    },
  );
}

/** A new request, a batch of them (all or none), a bulk call (each line on its own), and an edit. */
function registerWriteRoutes({ app, db, requestType, perms, can, tags, checkType }: RequestRouteContext) {
  app.post(
    '',
    {
      config: can(perms.add),
      schema: {
        tags,
        summary: `Create an ${dirWord(requestType)} transport request`,
        body: requestInputSchema,
        response: { 201: requestAnswer },
      },
    },
    async (request, reply) => {
      const body = request.body as RequestInputParsed;
      checkType(body);
      return reply.code(201).send({ data: await createRequest(db, shipperActor(request), body) });
    },
  );
  const batch = { tags, body: requestBatchSchema, response: { 201: requestBatchAnswer } };
  app.post('/batch', { config: can(perms.add), schema: batch }, async (request, reply) => {
    const inputs = request.body.requests as RequestInputParsed[];
    inputs.forEach((body, i) => {
      checkType(body, `requests.${i}.requestType`);
    });
    return reply.code(201).send({ data: await createRequests(db, shipperActor(request), inputs) });
  });
  // The inbound API's bulk call (issue 34): up to 500 bodies, each created or refused on its own.
  app.post(
    '/bulk',
    { config: can(perms.add), schema: { tags, body: bulkLinesOf(requestInputSchema), response: { 200: bulkAnswerSchema } } },
    async (request) => {
      const actor = shipperActor(request);
      const now = new Date();
      const results = await createInBulk(db, request.body.lines, requestInputSchema, (tx, input) => {
        checkType(input);
        return insertRequest(tx, actor, input, now);
      });
      return bulkAnswer(results);
    },
  );
  const edit = { tags, params: idParamSchema, body: requestInputSchema, response: { 200: requestAnswer } };
  app.put('/:id', { config: can(perms.edit), schema: edit }, async (request) => {
    const body = request.body as RequestInputParsed;
    checkType(body);
    const data = await updateRequest(db, shipperActor(request), requestType, request.params.id, body, new Date(), expectedVersion(request));
    app.deps.realtime.toRequest({ type: 'request:status', requestId: data.id });
    return { data };
  });
}

/** Cancel and publish. */
function registerMoveRoutes(routes: RequestRouteContext) {
  const { app, db, requestType, perms, can, tags } = routes;
  app.post(
    '/:id/cancel',
    {
      config: can(perms.edit),
      schema: {
        tags,
        params: idParamSchema,
        body: z.object({ reason: z.string().trim().max(300).optional() }).nullish(),
        response: { 200: requestAnswer },
      },
    },
    async (request) => {
      const data = await moveRequest(db, shipperActor(request), requestType, request.params.id, 'cancelled', request.body?.reason);
      app.deps.realtime.toRequest({ type: 'request:status', requestId: data.id });
      return { data };
    },
  );
  app.post(
    '/:id/publish',
    { config: can(perms.edit), schema: { tags, params: idParamSchema, response: { 200: requestAnswer } } },
    async (request) => {
      const data = await publishRequest(routes, request, request.params.id);
      app.deps.realtime.toRequest({ type: 'request:status', requestId: data.id });
      return { data };
    },
  );
}

/** Opens the request (or schedules it before its bid start), unless its bid end or pickup has passed. */
async function publishRequest({ db, requestType, own }: RequestRouteContext, request: FastifyRequest, id: number) {
  const actor = shipperActor(request);
  const current = await own(request, id);
  const now = Date.now();
  const to: RequestStatus = new Date(current.bidStartAt).getTime() <= now ? 'open' : 'scheduled';
  if (new Date(current.bidEndAt).getTime() <= now) {
    throw badRequest('bidEndAt', 'The bid end has passed; edit the request first.');
  }
  if (new Date(current.pickupAt).getTime() < now - PAST_GRACE_MINUTES * 60_000) {
    throw badRequest('pickupAt', 'The pickup date has passed; edit the request first.');
  }
  return moveRequest(db, actor, requestType, id, to);
}

/** The bid window's jobs: open at bid start, close at bid end. */
export function registerRequestJobs(fastify: FastifyInstance) {
  const { db } = fastify.deps.database;
  const announce = (job: ReturnType<typeof windowJob>) => async (payload: Record<string, unknown>) => {
    await job(payload);
    fastify.deps.realtime.toRequest({ type: 'request:status', requestId: Number(payload.id) });
  };
  fastify.deps.jobs.register('request-open', announce(windowJob(db, 'scheduled', 'open', 'bid window')));
  fastify.deps.jobs.register('request-close', announce(windowJob(db, 'open', 'closed', 'bid window', afterAuctionClosed)));
  fastify.deps.jobs.register('request-expire', announce(windowJob(db, 'closed', 'expired', 'award window passed')));
}
