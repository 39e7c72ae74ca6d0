import type { FastifyInstance } from 'fastify';
import {
  CARRIER_STATUS_LABEL,
  type CarrierLinkStatus,
  carrierBlockBodySchema,
  carrierGroupInputSchema,
  carrierGroupSchema,
  carrierInputSchema,
  carrierLinkUpdateSchema,
  carrierListQuerySchema,
  carrierSchema,
} from '@freightdesk/shared/schemas/carrier';
import { carrierAddedAnswer, importedAnswers, masterAnswers } from '@freightdesk/shared/schemas/answers-masters';
import { idParamSchema, listQuerySchema } from '@freightdesk/shared/schemas/common';
import { industryOf, shipperActor } from '../../lib/access.ts';
import { exportFormatSchema, sendExport } from '../../lib/export.ts';
import { registerImportRoutes } from '../../lib/import-routes.ts';
import { type RouteApp, routeApp } from '../../lib/route-app.ts';
import { registerResourceRoutes } from '../../lib/resource-routes.ts';
import { expectedVersion } from '../../lib/version-check.ts';
import { linkBaseUrl } from '../../config.ts';
import { sendPasswordLink } from '../auth/password-links.ts';
import { registerOptionsRoute } from '../../repositories/common/options.ts';
import { carrierGroupOptions, carrierGroupResource } from '../../repositories/carrier-groups.repository.ts';
import { carrierLinkResource, carrierOptions } from '../../repositories/carriers.repository.ts';
import { CARRIER_IMPORT_COLUMNS, importCarriers } from './carriers.import.ts';
import { addCarrier } from './carriers.service.ts';
import { fileAnswer } from '../../openapi/file-answers.ts';

const LIST = { access: { permission: 'list-industry-transporter' } } as const;
const ADD = { access: { permission: 'add-industry-transporter' } } as const;
const TAGS = ['carriers'];
const ANSWERS = masterAnswers(carrierSchema);

const EXPORT_COLUMNS = [
  { key: 'name', label: 'Carrier' },
  { key: 'code', label: 'Code' },
  { key: 'contactName', label: 'Contact person' },
  { key: 'mobile', label: 'Mobile' },
  { key: 'email', label: 'Email' },
  { key: 'pan', label: 'PAN' },
  { key: 'gstin', label: 'GSTIN' },
  { key: 'city', label: 'City' },
  { key: 'state', label: 'State' },
  { key: 'fleetSize', label: 'Fleet size' },
  { key: 'groupNames', label: 'Groups' },
  { key: 'status', label: 'Status', format: (v: unknown) => CARRIER_STATUS_LABEL[v as CarrierLinkStatus] },
] as const;

/** My Carriers (`/api/carriers`): list, add or link, edit code and groups, block and unblock. */
export async function carrierRoutes(fastify: FastifyInstance) {
  const app = routeApp(fastify);
  registerReadRoutes(fastify, app);
  registerCarrierImport(fastify, app);
  registerWriteRoutes(app);
}

/** The list, the picker's options and the export. */
function registerReadRoutes(fastify: FastifyInstance, app: RouteApp) {
  const { db } = app.deps.database;
  app.get(
    '',
    { config: LIST, schema: { tags: TAGS, querystring: carrierListQuerySchema, response: { 200: ANSWERS.list } } },
    async (request) => carrierLinkResource.list(db, industryOf(request.user), request.query),
  );

  registerOptionsRoute(fastify, carrierOptions);

  app.get(
    '/export',
    {
      config: { ...LIST, fileAnswer: fileAnswer('The carriers as CSV or XLSX (`format`)', 'csv', 'xlsx') },
      schema: { tags: TAGS, querystring: carrierListQuerySchema.extend({ format: exportFormatSchema }) },
    },
    async (request, reply) => {
      const rows = await carrierLinkResource.exportRows(db, industryOf(request.user), request.query);
      return sendExport(reply, request.query.format, 'carriers', rows, [...EXPORT_COLUMNS]);
    },
  );
}

/** The carriers' sheet import; invitations go out after it. */
function registerCarrierImport(fastify: FastifyInstance, app: RouteApp) {
  const { db } = app.deps.database;
  registerImportRoutes(fastify, {
    tag: 'carriers',
    name: 'carriers',
    permission: 'add-industry-transporter',
    columns: CARRIER_IMPORT_COLUMNS,
    run: (actor, body) => importCarriers(db, actor, body),
    respond: ({ created, linked }) => ({ created, linked }),
    answer: importedAnswers.carriers,
    // Invitations go out after the import has committed; a carrier who misses one can use "forgot password".
    after: async (request, result) => {
      const url = linkBaseUrl(app.deps.config);
      for (const person of result.invites) {
        await sendPasswordLink(db, app.deps.mailer, person, url, 'invite', request.user?.industryName ?? undefined);
      }
    },
  });
}

/** One carrier, add or link, edit, block and unblock. */
function registerWriteRoutes(app: RouteApp) {
  const { db } = app.deps.database;
  const tags = TAGS;
  app.get('/:id', { config: LIST, schema: { tags, params: idParamSchema, response: { 200: ANSWERS.one } } }, async (request) => ({
    data: await carrierLinkResource.mustFind(db, industryOf(request.user), request.params.id),
  }));

  app.post(
    '',
    { config: ADD, schema: { tags, body: carrierInputSchema, response: { 201: carrierAddedAnswer } } },
    async (request, reply) => {
      const actor = shipperActor(request);
      const added = await addCarrier(db, actor, request.body);
      if (added.invite) {
        await sendPasswordLink(
          db,
          app.deps.mailer,
          added.invite,
          linkBaseUrl(app.deps.config),
          'invite',
          request.user?.industryName ?? undefined,
        );
      }
      const data = await carrierLinkResource.mustFind(db, actor.industryId, added.linkId);
      return reply.code(201).send({ data: { ...data, linked: added.invite ? 'created' : 'existing' } });
    },
  );

  app.put(
    '/:id',
    { config: ADD, schema: { tags, params: idParamSchema, body: carrierLinkUpdateSchema, response: { 200: ANSWERS.one } } },
    async (request) => ({
      data: await carrierLinkResource.update(db, shipperActor(request), request.params.id, request.body, expectedVersion(request)),
    }),
  );

  app.post(
    '/:id/block',
    { config: ADD, schema: { tags, params: idParamSchema, body: carrierBlockBodySchema, response: { 200: ANSWERS.one } } },
    async (request) => ({
      data: await carrierLinkResource.setStatus(db, shipperActor(request), request.params.id, request.body.status, request.body.reason),
    }),
  );
}

/** Carrier groups (`/api/carrier-groups`), all under the add-industry-transporter permission. */
export async function carrierGroupRoutes(fastify: FastifyInstance) {
  registerOptionsRoute(fastify, carrierGroupOptions);
  registerResourceRoutes(fastify, carrierGroupResource, {
    tag: 'carrier groups',
    permissions: { list: 'list-industry-transporter', add: 'add-industry-transporter', edit: 'add-industry-transporter' },
    input: carrierGroupInputSchema,
    answer: carrierGroupSchema,
    listQuery: listQuerySchema,
    exportColumns: [
      { key: 'name', label: 'Group' },
      { key: 'memberCount', label: 'Carriers' },
    ],
  });
}
