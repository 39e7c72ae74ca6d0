import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { shipperAnswer, shipperListAnswer } from '@freightdesk/shared/schemas/answers-admin';
import { idParamSchema, STATUS_LABEL, type Status, statusBodySchema } from '@freightdesk/shared/schemas/common';
import { shipperInputSchema, shipperListQuerySchema, shipperUpdateSchema } from '@freightdesk/shared/schemas/plan';
import { requireUser } from '../../lib/access.ts';
import { exportFormatSchema, sendExport } from '../../lib/export.ts';
import { expectedVersion } from '../../lib/version-check.ts';
import { linkBaseUrl } from '../../config.ts';
import { sendPasswordLink } from '../auth/password-links.ts';
import { registerOptionsRoute } from '../../repositories/common/options.ts';
import { shipperOptions } from '../../repositories/shippers.repository.ts';
import { createShipper, shipperResource, updateShipper } from './shippers.service.ts';
import { fileAnswer } from '../../openapi/file-answers.ts';

/** `/api/admin/shippers`: the platform admin's list of shipper companies. */
export async function shipperAdminRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db } = app.deps.database;
  const config = { access: { userTypes: [1] } } as const;
  const tags = ['shippers'];
  const actor = (id: number) => ({ id, industryId: 0 });
  registerOptionsRoute(fastify, shipperOptions);

  const one = { 200: shipperAnswer };
  app.get('', { config, schema: { tags, querystring: shipperListQuerySchema, response: { 200: shipperListAnswer } } }, async (request) =>
    shipperResource.list(db, 0, request.query),
  );
  app.get(
    '/export',
    {
      config: { ...config, fileAnswer: fileAnswer('The shippers as CSV or XLSX (`format`)', 'csv', 'xlsx') },
      schema: { tags, querystring: shipperListQuerySchema.extend({ format: exportFormatSchema }) },
    },
    async (request, reply) =>
      sendExport(reply, request.query.format, 'shippers', await shipperResource.exportRows(db, 0, request.query), [
        { key: 'name', label: 'Company' },
        { key: 'gstin', label: 'GSTIN' },
        { key: 'ownerName', label: 'Owner' },
        { key: 'ownerEmail', label: 'Owner email' },
        { key: 'planName', label: 'Plan' },
        { key: 'planEndsAt', label: 'Plan ends' },
        { key: 'userCount', label: 'Active users' },
        { key: 'status', label: 'Status', format: (v) => STATUS_LABEL[v as Status] },
      ]),
  );
  app.get('/:id', { config, schema: { tags, params: idParamSchema, response: one } }, async (request) => ({
    data: await shipperResource.mustFind(db, 0, request.params.id),
  }));
  app.post('', { config, schema: { tags, body: shipperInputSchema, response: { 201: shipperAnswer } } }, async (request, reply) => {
    const { industryId, owner } = await createShipper(db, requireUser(request).id, request.body);
    await sendPasswordLink(db, app.deps.mailer, owner, linkBaseUrl(app.deps.config), 'invite', request.body.company);
    return reply.code(201).send({ data: await shipperResource.mustFind(db, 0, industryId) });
  });
  app.put('/:id', { config, schema: { tags, params: idParamSchema, body: shipperUpdateSchema, response: one } }, async (request) => ({
    data: await updateShipper(db, requireUser(request).id, request.params.id, request.body, expectedVersion(request)),
  }));
  app.post('/:id/status', { config, schema: { tags, params: idParamSchema, body: statusBodySchema, response: one } }, async (request) => ({
    data: await shipperResource.setStatus(db, actor(requireUser(request).id), request.params.id, request.body.status, request.body.reason),
  }));
}
