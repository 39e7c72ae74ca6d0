import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { exportAnswer, exportListAnswer } from '@freightdesk/shared/schemas/answers-execution-reports';
import { idParamSchema } from '@freightdesk/shared/schemas/common';
import { exportRequestSchema } from '@freightdesk/shared/schemas/report';
import { requireUser } from '../../lib/access.ts';
import { contentDisposition } from '../../lib/content-disposition.ts';
import { createExportJobs, registerReport } from '../../lib/export-jobs.ts';
import { fileAnswer } from '../../openapi/file-answers.ts';
import { orderRegister } from './order-register.ts';

registerReport(orderRegister);

const TYPES = { csv: 'text/csv; charset=utf-8', xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' } as const;

/**
 * `/api/exports`: report exports as background jobs (`my-reports`, `list-industry-report`). POST
 * asks for one (202 with its progress), GET reads the user's own exports and their progress, and
 * `/:id/file` downloads the finished file. Each report checks the policy's export rule.
 */
export async function exportRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { database, jobs, storage, housekeeping } = app.deps;
  const exports = createExportJobs({ db: database.db, reports: database.reports, jobs, storage, log: app.log });
  housekeeping.registerPurge('report exports', exports.purge);
  const tags = ['reports'];
  const config = { access: { permission: 'list-industry-report' } } as const;
  app.post('', { config, schema: { tags, body: exportRequestSchema, response: { 202: exportAnswer } } }, async (request, reply) =>
    reply.code(202).send({ data: await exports.start(requireUser(request), request.body) }),
  );
  app.get('', { config, schema: { tags, response: { 200: exportListAnswer } } }, async (request) => ({
    data: await exports.list(requireUser(request)),
  }));
  app.get('/:id', { config, schema: { tags, params: idParamSchema, response: { 200: exportAnswer } } }, async (request) => ({
    data: await exports.get(requireUser(request), request.params.id),
  }));
  const fileConfig = { ...config, fileAnswer: fileAnswer('The finished export, as CSV or XLSX', 'csv', 'xlsx') };
  app.get('/:id/file', { config: fileConfig, schema: { tags, params: idParamSchema } }, async (request, reply) => {
    const file = await exports.file(requireUser(request), request.params.id);
    reply.header('content-disposition', contentDisposition(file.fileName));
    if (file.bytes !== null) {
      reply.header('content-length', String(file.bytes));
    }
    return reply.type(TYPES[file.format]).send(file.stream);
  });
}
