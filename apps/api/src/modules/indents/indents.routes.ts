import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  carrierIndentAnswer,
  carrierIndentListAnswer,
  indentAnswer,
  indentLaneListAnswer,
  indentListAnswer,
  indentsPlacedAnswer,
  spotIndentPrefillAnswer,
} from '@freightdesk/shared/schemas/answers-execution-indents';
import { idParamSchema } from '@freightdesk/shared/schemas/common';
import {
  carrierIndentListQuerySchema,
  indentAnswerSchema,
  indentBackupsSchema,
  indentBatchSchema,
  indentCancelSchema,
  indentEditSchema,
  indentLaneQuerySchema,
  indentListQuerySchema,
} from '@freightdesk/shared/schemas/indent';
import { carrierOf, requireUser } from '../../lib/access.ts';
import { forbidden } from '../../lib/errors.ts';
import type { Action } from '../../lib/policy.ts';
import { type Rule, ruleOrForbidden } from '../../lib/policy-require.ts';
import { expectedVersion } from '../../lib/version-check.ts';
import { carrierIndent, linksOfCarrier, listCarrierIndents } from './indent-carrier.service.ts';
import { cancelIndent, editIndent, passIndentOn, spotPrefill, updateBackups } from './indent-changes.service.ts';
import { listIndentLanes } from './indent-lanes.ts';
import { type RouteApp, routeApp } from '../../lib/route-app.ts';
import { createIndents, indentDetail, listIndents } from './indents.service.ts';
import { answerTurn, expireTurn, INDENT_DEADLINE_JOB } from './waterfall.ts';

/** The policy's indent rule for the caller, or 403 naming the permission that would admit it. */
function scopeOf(request: FastifyRequest, action: Action): Rule<'indent'> {
  return ruleOrForbidden(requireUser(request), 'indent', action);
}

/** The shipper user behind a call (carriers never place or change indents). */
function shipperOf(request: FastifyRequest) {
  const user = requireUser(request);
  if (!user.industryId) {
    throw forbidden();
  }
  return { ...user, industryId: user.industryId };
}

/**
 * `/api/indents`: the shipper's indents on contracted lanes — place (one or a batch), list, open,
 * edit before anyone accepted, change the backups, cancel, and the spot request's prefill. Every
 * call goes through the policy's indent rule (tenant, plants, `list-indent` / `detail-indent` /
 * `add-indent` / `edit-indent`): another shipper's indent is a 404.
 */
export async function indentRoutes(fastify: FastifyInstance) {
  const app = routeApp(fastify);
  const { db } = app.deps.database;
  registerIndentReadRoutes(app);
  registerIndentChangeRoutes(app);
  fastify.deps.jobs.register(INDENT_DEADLINE_JOB, async (payload) => {
    await expireTurn(db, Number(payload.allocationId));
  });
}

const INDENT_TAGS = ['indent'];
const INDENT_READ = { access: { anyOf: ['list-indent', 'detail-indent'] } } as const;

/** The list, the lanes to indent on, new indents, one indent. */
function registerIndentReadRoutes(app: RouteApp) {
  const { db } = app.deps.database;
  const tags = INDENT_TAGS;
  const params = idParamSchema;
  const read = INDENT_READ;
  const response = { 200: indentAnswer };
  app.get(
    '',
    {
      config: { access: { permission: 'list-indent' } },
      schema: { tags, querystring: indentListQuerySchema, response: { 200: indentListAnswer } },
    },
    async (request) => listIndents(db, scopeOf(request, 'list'), request.query),
  );
  app.get(
    '/lanes',
    {
      config: { access: { permission: 'add-indent' } },
      schema: { tags, querystring: indentLaneQuerySchema, response: { 200: indentLaneListAnswer } },
    },
    async (request) => listIndentLanes(db, shipperOf(request), request.query),
  );
  const place = { tags, body: indentBatchSchema, response: { 201: indentsPlacedAnswer } };
  app.post('', { config: { access: { permission: 'add-indent' } }, schema: place }, async (request, reply) => {
    scopeOf(request, 'change');
    const user = shipperOf(request);
    return reply.code(201).send({ data: await createIndents(db, user, user.industryId, request.body.indents) });
  });
  app.get('/:id', { config: read, schema: { tags, params, response } }, async (request) => ({
    data: await indentDetail(db, request.params.id, scopeOf(request, 'read')),
  }));
}

/** Edit, backups, cancel, pass on, and the spot request's prefill. */
function registerIndentChangeRoutes(app: RouteApp) {
  const { db } = app.deps.database;
  const tags = INDENT_TAGS;
  const params = idParamSchema;
  const read = INDENT_READ;
  // Every change answers the indent's detail again.
  const response = { 200: indentAnswer };
  app.put(
    '/:id',
    { config: { access: { permission: 'edit-indent' } }, schema: { tags, params, body: indentEditSchema, response } },
    async (request) => {
      await editIndent(db, shipperOf(request), request.params.id, scopeOf(request, 'change'), request.body, expectedVersion(request));
      return { data: await indentDetail(db, request.params.id, scopeOf(request, 'read')) };
    },
  );
  // The spec puts `updateBackupTransporter/{id}` under `detail-indent`.
  app.put(
    '/:id/backups',
    { config: { access: { permission: 'detail-indent' } }, schema: { tags, params, body: indentBackupsSchema, response } },
    async (request) => {
      await updateBackups(db, shipperOf(request), request.params.id, scopeOf(request, 'read'), request.body.backupCarrierLinkIds);
      return { data: await indentDetail(db, request.params.id, scopeOf(request, 'read')) };
    },
  );
  app.post(
    '/:id/cancel',
    { config: { access: { anyOf: ['add-indent', 'edit-indent'] } }, schema: { tags, params, body: indentCancelSchema, response } },
    async (request) => {
      await cancelIndent(db, shipperOf(request), request.params.id, scopeOf(request, 'change'), request.body.reason);
      return { data: await indentDetail(db, request.params.id, scopeOf(request, 'read')) };
    },
  );
  app.post(
    '/:id/pass-on',
    { config: { access: { anyOf: ['add-indent', 'edit-indent'] } }, schema: { tags, params, response } },
    async (request) => {
      await passIndentOn(db, shipperOf(request), request.params.id, scopeOf(request, 'change'));
      return { data: await indentDetail(db, request.params.id, scopeOf(request, 'read')) };
    },
  );
  app.get('/:id/spot', { config: read, schema: { tags, params, response: { 200: spotIndentPrefillAnswer } } }, async (request) => ({
    data: await spotPrefill(db, request.params.id, scopeOf(request, 'read')),
  }));
}

/** `/api/carrier/indents`: the carrier's turns on indents, and its answer (accept some or all vehicles, or reject). */
export async function carrierIndentRoutes(fastify: FastifyInstance) {
  const app = routeApp(fastify);
  const { db } = app.deps.database;
  const config = { access: { userTypes: [2] } } as const;
  const tags = ['carrier portal'];
  const params = idParamSchema;
  const list = { tags, querystring: carrierIndentListQuerySchema, response: { 200: carrierIndentListAnswer } };
  app.get('', { config, schema: list }, async (request) => listCarrierIndents(db, carrierOf(request).carrierId, request.query));
  app.get('/:id', { config, schema: { tags, params, response: { 200: carrierIndentAnswer } } }, async (request) => ({
    data: await carrierIndent(db, carrierOf(request).carrierId, request.params.id),
  }));
  app.post(
    '/:id/answer',
    { config, schema: { tags, params, body: indentAnswerSchema, response: { 200: carrierIndentAnswer } } },
    async (request) => {
      const { user, carrierId } = carrierOf(request);
      // Its turn must exist (404 before anything else), then the waterfall takes the answer under the indent's lock.
      await carrierIndent(db, carrierId, request.params.id);
      await answerTurn(db, { id: user.id, linkIds: await linksOfCarrier(db, carrierId) }, request.params.id, request.body);
      return { data: await carrierIndent(db, carrierId, request.params.id) };
    },
  );
}
