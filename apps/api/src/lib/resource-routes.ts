import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import type { Permission } from '@freightdesk/shared/permissions';
import { idParamSchema, type ListQuery, type Status, statusBodySchema } from '@freightdesk/shared/schemas/common';
import { industryOf, shipperActor } from './access.ts';
import type { tenantResource } from './tenant-resource.ts';

type Resource<Row, Input, Q extends ListQuery> = ReturnType<typeof tenantResource<Row & { id: number; status: Status }, Input, Q>>;

/**
 * The five routes of a shipper master: list, read, add, edit, activate/deactivate. Later masters
 * (business units, stops, clients …) register theirs the same way as plants do.
 */
export function registerResourceRoutes<Row, Input, Q extends ListQuery>(
  fastify: FastifyInstance,
  resource: Resource<Row, Input, Q>,
  opts: {
    tag: string;
    permissions: { list: Permission; add: Permission; edit: Permission };
    input: z.ZodType<Input>;
    listQuery: z.ZodType<Q>;
  },
) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db } = app.deps.database;
  const tags = [opts.tag];
  const can = (permission: Permission) => ({ access: { permission } });

  app.get('/', { config: can(opts.permissions.list), schema: { tags, querystring: opts.listQuery } }, async (request) =>
    resource.list(db, industryOf(request.user), request.query as Q),
  );

  app.get('/:id', { config: can(opts.permissions.list), schema: { tags, params: idParamSchema } }, async (request) => ({
    data: await resource.mustFind(db, industryOf(request.user), request.params.id),
  }));

  app.post('/', { config: can(opts.permissions.add), schema: { tags, body: opts.input } }, async (request, reply) => {
    const row = await resource.create(db, shipperActor(request), request.body as Input);
    return reply.code(201).send({ data: row });
  });

  app.put('/:id', { config: can(opts.permissions.edit), schema: { tags, params: idParamSchema, body: opts.input } }, async (request) => ({
    data: await resource.update(db, shipperActor(request), request.params.id, request.body as Input),
  }));

  app.post(
    '/:id/status',
    { config: can(opts.permissions.edit), schema: { tags, params: idParamSchema, body: statusBodySchema } },
    async (request) => ({
      data: await resource.setStatus(db, shipperActor(request), request.params.id, request.body.status, request.body.reason),
    }),
  );

  app.delete('/:id', { config: can(opts.permissions.edit), schema: { tags, params: idParamSchema } }, async (request) => {
    await resource.remove(db, shipperActor(request), request.params.id);
    return { data: { id: request.params.id, deleted: true } };
  });
}
