import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Permission } from '@freightdesk/shared/permissions';
import { shipperActor } from './access.ts';
import { exportFormatSchema } from './export.ts';
import { type ImportBody, type ImportColumn, importBodySchema, template } from './import.ts';
import type { Actor } from './tenant-resource.ts';

/**
 * `GET /import/template?format=csv|xlsx` and `POST /import` for one master. `run` checks the
 * whole file and imports it in one transaction, or refuses it with a per-row report.
 */
export function registerImportRoutes<R extends object>(
  fastify: FastifyInstance,
  opts: {
    tag: string;
    name: string;
    permission: Permission;
    columns: ImportColumn[];
    run: (actor: Actor, body: ImportBody) => Promise<R>;
    /** What the caller is answered (default: the whole result). */
    respond?: (result: R) => object;
    /** Work after the commit (invitations); its failures are logged, never undo the import. */
    after?: (request: FastifyRequest, result: R) => Promise<void>;
  },
) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const config = { access: { permission: opts.permission } };
  const tags = [opts.tag];

  app.get(
    '/import/template',
    { config, schema: { tags, querystring: z.object({ format: exportFormatSchema }) } },
    async (request, reply) => {
      const { format } = request.query;
      reply.header('content-disposition', `attachment; filename="${opts.name}-import-template.${format}"`);
      return reply
        .type(format === 'csv' ? 'text/csv; charset=utf-8' : 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
        .send(await template(opts.columns, format));
    },
  );

  app.post('/import', { config, bodyLimit: 16 * 1024 * 1024, schema: { tags, body: importBodySchema } }, async (request) => {
    const result = await opts.run(shipperActor(request), request.body);
    if (opts.after) {
      void opts.after(request, result).catch((err: unknown) => request.log.error({ err }, `${opts.name} import follow-up failed`));
    }
    return { data: opts.respond ? opts.respond(result) : result };
  });
}
