import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idParamSchema, listQuerySchema } from '@freightdesk/shared/schemas/common';
import { contractAmendSchema, contractListQuerySchema, contractTerminateSchema } from '@freightdesk/shared/schemas/contract';
import { rfqAwardInputSchema, rfqInputSchema, rfqListQuerySchema, rfqRoundInputSchema } from '@freightdesk/shared/schemas/rfq';
import { type Access, requireUser, shipperActor } from '../../lib/access.ts';
import type { Db } from '../../db/client.ts';
import { type RouteApp, routeApp } from '../../lib/route-app.ts';
import { exportFormatSchema, sendExport } from '../../lib/export.ts';
import { registerTemplateRoute, registerUploadRoute } from '../../lib/import-routes.ts';
import type { Action } from '../../lib/policy.ts';
import { type Rule, ruleOrForbidden } from '../../lib/policy-require.ts';
import { amendRate, contractOrders, contractPerformance } from './contract-extras.service.ts';
import { CONTRACT_EXPIRY_JOB, contractDetail, expireContract, listContracts, terminateContract } from './contracts.service.ts';
import { awardRfq, compareRfq } from './rfq-award.service.ts';
import { compareSheet } from './rfq-compare-export.ts';
import { importRfqLanes, RFQ_LANE_IMPORT_COLUMNS } from './rfq-lanes.import.ts';
import { closeRound, closeRoundNow, openRound, ROUND_CLOSE_JOB } from './rfq-rounds.service.ts';
import { createRfq, listRfqs, rfqDetail, updateRfq } from './rfqs.service.ts';
import { fileAnswer } from '../../openapi/file-answers.ts';
import {
  rfqAnswer,
  rfqAwardAnswer,
  rfqCompareAnswer,
  rfqLaneImportAnswer,
  rfqListAnswer,
  rfqRoundClosedAnswer,
  rfqRoundOpenedAnswer,
} from '@freightdesk/shared/schemas/answers-procurement-rfq';
import {
  contractAnswer,
  contractListAnswer,
  contractOrderListAnswer,
  contractPerformanceAnswer,
} from '@freightdesk/shared/schemas/answers-procurement-contract';

/** A sheet answered in the format asked. */
export const sheetAnswer = (description: string) => fileAnswer(description, 'csv', 'xlsx');

/** The policy's RFQ (or contract) rule for the caller, or 403 naming the permission that would admit it. */
function scopeOf<K extends 'rfq' | 'contract' = 'rfq'>(request: FastifyRequest, action: Action, kind: K = 'rfq' as K): Rule<K> {
  return ruleOrForbidden(requireUser(request), kind, action);
}

/**
 * `/api/rfqs`: the shipper's RFQs — list, create and edit a draft, open a round (round 1 publishes
 * it), compare the quotes lane by lane, award lanes into contracts. Every call goes through the
 * policy's RFQ rule (tenant, plants, `list-rfp` / `add-rfp`): another shipper's RFQ is a 404.
 */
export async function rfqRoutes(fastify: FastifyInstance) {
  const app = routeApp(fastify);
  const { db } = app.deps.database;
  registerRfqEditRoutes(app);
  registerRfqRoundRoutes(app);
  registerLaneImport(fastify, db);
  fastify.deps.jobs.register(ROUND_CLOSE_JOB, async (payload) => {
    await closeRound(db, Number(payload.id), Number(payload.round));
  });
  fastify.deps.jobs.register(CONTRACT_EXPIRY_JOB, async (payload) => {
    await expireContract(db, Number(payload.id));
  });
}

// The route says which permissions may call it; the policy's rule then narrows the rows.
const RFQ_READ = { access: { anyOf: ['list-rfp', 'add-rfp'] } } as const;
const RFQ_CHANGE = { access: { permission: 'add-rfp' } } as const;
const RFQ_TAGS = ['rfq'];

/** The list, a new RFQ, one RFQ and its edit. */
function registerRfqEditRoutes(app: RouteApp) {
  const { db } = app.deps.database;
  const [config, change, tags, params] = [RFQ_READ, RFQ_CHANGE, RFQ_TAGS, idParamSchema] as const;
  app.get('', { config, schema: { tags, querystring: rfqListQuerySchema, response: { 200: rfqListAnswer } } }, async (request) =>
    listRfqs(db, scopeOf(request, 'list'), request.query),
  );
  app.post('', { config: change, schema: { tags, body: rfqInputSchema, response: { 201: rfqAnswer } } }, async (request, reply) => {
    const scope = scopeOf(request, 'change');
    return reply.code(201).send({ data: await createRfq(db, shipperActor(request), scope, request.body) });
  });
  app.get('/:id', { config, schema: { tags, params, response: { 200: rfqAnswer } } }, async (request) => ({
    data: await rfqDetail(db, request.params.id, scopeOf(request, 'read')),
  }));
  app.put('/:id', { config: change, schema: { tags, params, body: rfqInputSchema, response: { 200: rfqAnswer } } }, async (request) => ({
    data: await updateRfq(db, shipperActor(request), request.params.id, scopeOf(request, 'change'), request.body),
  }));
}

/** Rounds, the comparison (and its export) and the award. */
function registerRfqRoundRoutes(app: RouteApp) {
  const { db } = app.deps.database;
  const [config, change, tags, params] = [RFQ_READ, RFQ_CHANGE, RFQ_TAGS, idParamSchema] as const;
  const round = { tags, params, body: rfqRoundInputSchema, response: { 201: rfqRoundOpenedAnswer } };
  app.post('/:id/rounds', { config: change, schema: round }, async (request, reply) =>
    reply.code(201).send({ data: await openRound(db, shipperActor(request), request.params.id, scopeOf(request, 'change'), request.body) }),
  );
  app.post('/:id/rounds/close', { config: change, schema: { tags, params, response: { 200: rfqRoundClosedAnswer } } }, async (request) => ({
    data: await closeRoundNow(db, request.params.id, scopeOf(request, 'change')),
  }));
  app.get('/:id/compare', { config, schema: { tags, params, response: { 200: rfqCompareAnswer } } }, async (request) => ({
    data: await compareRfq(db, request.params.id, scopeOf(request, 'read')),
  }));
  app.get(
    '/:id/compare/export',
    {
      config: { ...config, fileAnswer: sheetAnswer('The comparison, lane by lane, as CSV or XLSX') },
      schema: { tags, params, querystring: z.object({ format: exportFormatSchema }) },
    },
    async (request, reply) => {
      const scope = scopeOf(request, 'export');
      const rfq = await rfqDetail(db, request.params.id, scope);
      const { rows, columns } = compareSheet(await compareRfq(db, request.params.id, scope));
      return sendExport(reply, request.query.format, `${rfq.number}-comparison`, rows, columns);
    },
  );
  const award = { tags, params, body: rfqAwardInputSchema, response: { 200: rfqAwardAnswer } };
  app.post('/:id/award', { config: change, schema: award }, async (request) => ({
    data: await awardRfq(db, shipperActor(request), request.params.id, scopeOf(request, 'change'), request.body),
  }));
}

/** The lane sheet: read into lanes for the RFQ form (all or nothing, per-row errors); the form then saves the RFQ. */
function registerLaneImport(fastify: FastifyInstance, db: Db) {
  registerTemplateRoute(fastify, {
    url: '/lanes/import/template',
    config: RFQ_CHANGE,
    tags: RFQ_TAGS,
    name: 'rfq-lanes',
    columns: RFQ_LANE_IMPORT_COLUMNS,
  });
  registerUploadRoute(fastify, {
    url: '/lanes/import',
    config: RFQ_CHANGE,
    tags: RFQ_TAGS,
    columns: RFQ_LANE_IMPORT_COLUMNS,
    answer: rfqLaneImportAnswer,
    handle: async (request, file) => {
      scopeOf(request, 'change');
      return { data: await importRfqLanes(db, shipperActor(request), file) };
    },
  });
}

/** `/api/contracts`: the shipper's contracts (`list-indent` to list, `detail-indent` to open), terminated with a reason. */
export async function contractRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db } = app.deps.database;
  const tags = ['contract'];
  const params = idParamSchema;
  app.get(
    '',
    {
      config: { access: { permission: 'list-indent' } },
      schema: { tags, querystring: contractListQuerySchema, response: { 200: contractListAnswer } },
    },
    async (request) => listContracts(db, scopeOf(request, 'list', 'contract'), request.query),
  );
  const detail = { tags, params, response: { 200: contractAnswer } };
  app.get('/:id', { config: { access: { anyOf: ['list-indent', 'detail-indent'] } }, schema: detail }, async (request) => ({
    data: await contractDetail(db, request.params.id, scopeOf(request, 'read', 'contract')),
  }));
  app.post(
    '/:id/terminate',
    {
      config: { access: { anyOf: ['add-indent', 'edit-indent'] } },
      schema: { tags, params, body: contractTerminateSchema, response: { 200: contractAnswer } },
    },
    async (request) => {
      await terminateContract(db, requireUser(request), request.params.id, scopeOf(request, 'change', 'contract'), request.body.reason);
      return { data: await contractDetail(db, request.params.id, scopeOf(request, 'read', 'contract')) };
    },
  );
  app.post(
    '/:id/lanes/:laneId/rate',
    {
      config: { access: { anyOf: ['add-indent', 'edit-indent'] } },
      schema: {
        tags,
        params: idParamSchema.extend({ laneId: idParamSchema.shape.id }),
        body: contractAmendSchema,
        response: { 200: contractAnswer },
      },
    },
    async (request) => {
      await amendRate(
        db,
        shipperActor(request),
        request.params.id,
        request.params.laneId,
        scopeOf(request, 'change', 'contract'),
        request.body,
      );
      return { data: await contractDetail(db, request.params.id, scopeOf(request, 'read', 'contract')) };
    },
  );
  registerContractTabs(fastify, (request, action) => scopeOf(request, action, 'contract'), { anyOf: ['list-indent', 'detail-indent'] });
}

/** The contract's orders and performance tabs, for the shipper and (its own contracts) the carrier. */
export function registerContractTabs(
  fastify: FastifyInstance,
  scope: (request: FastifyRequest, action: Action) => Rule<'contract'>,
  access: Access,
) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db } = app.deps.database;
  const tags = ['contract'];
  const orders = { tags, params: idParamSchema, querystring: listQuerySchema, response: { 200: contractOrderListAnswer } };
  app.get('/:id/orders', { config: { access }, schema: orders }, async (request) =>
    contractOrders(db, request.params.id, scope(request, 'read'), request.query),
  );
  const performance = { tags, params: idParamSchema, response: { 200: contractPerformanceAnswer } };
  app.get('/:id/performance', { config: { access }, schema: performance }, async (request) => ({
    data: await contractPerformance(db, request.params.id, scope(request, 'read')),
  }));
}
