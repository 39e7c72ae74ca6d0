import type { SQL } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import type { Permission } from '@freightdesk/shared/permissions';
import { idParamSchema, type ListQuery, statusBodySchema } from '@freightdesk/shared/schemas/common';
import { type Access, type AuthUser, industryOf, requireUser, shipperActor } from './access.ts';
import { type ExportColumn, type ExportFormat, exportFormatSchema, sendExport } from './export.ts';
import type { tenantResource } from './tenant-resource.ts';
import { expectedVersion } from './version-check.ts';

type Resource<Row, Input, Q extends ListQuery> = ReturnType<typeof tenantResource<Row & { id: number; status: string }, Input, Q>>;

/**
 * The five routes of a shipper master: list, read, add, edit, activate/deactivate. Later masters
 * (business units, stops, clients …) register theirs the same way as plants do.
 */
export function registerResourceRoutes<Row, Input, Q extends ListQuery>(
  fastify: FastifyInstance,
  resource: Resource<Row, Input, Q>,
  opts: {
    tag: string;
    /** Without a list permission every shipper user (types 3 and 4) may read. */
    permissions?: { list?: Permission; add: Permission; edit: Permission };
    /** Platform data: every route is the platform admin's (user type 1), on global rows. */
    admin?: boolean;
    input: z.ZodType<Input>;
    listQuery: z.ZodType<Q>;
    /** Narrows list and read to what this user may see (staff assignments). */
    restrict?: (user: AuthUser) => SQL | undefined;
    /** Columns of the CSV / XLSX export of the filtered rows. */
    exportColumns: ExportColumn<Row>[];
    /** Rows with a lifecycle of their own (devices) have no activate/deactivate route. */
    statusRoute?: boolean;
    /** Rows that carry history (users) are only ever deactivated: no delete route. */
    deletable?: boolean;
    /** Runs after a successful create, outside its transaction (e.g. mail an invitation). */
    afterCreate?: (request: FastifyRequest, row: Row) => Promise<void>;
  },
) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db } = app.deps.database;
  const tags = [opts.tag];
  const can = (permission: Permission | undefined): { access: Access } => {
    if (opts.admin) {
      return { access: { userTypes: [1] } };
    }
    return { access: permission ? { permission } : { userTypes: [3, 4] } };
  };
  if (!opts.admin && !opts.permissions) {
    throw new Error(`${opts.tag}: a shipper resource must name its permissions`);
  }
  const perms: { list?: Permission; add?: Permission; edit?: Permission } = opts.permissions ?? {};
  const tenantOf = (request: FastifyRequest) => (opts.admin ? 0 : industryOf(request.user));
  const actorOf = (request: FastifyRequest) => (opts.admin ? { id: requireUser(request).id, industryId: 0 } : shipperActor(request));

  const restrict = (request: FastifyRequest) => opts.restrict?.(requireUser(request));
  /** The caller as actor, after checking the row is one this user may see at all. */
  const actorFor = async (request: FastifyRequest, id: number) => {
    const actor = actorOf(request);
    await resource.mustFind(db, actor.industryId, id, restrict(request));
    return actor;
  };

  app.get('/', { config: can(perms.list), schema: { tags, querystring: opts.listQuery } }, async (request) =>
    resource.list(db, tenantOf(request), request.query as Q, restrict(request)),
  );

  app.get(
    '/export',
    {
      config: can(perms.list),
      schema: { tags, querystring: (opts.listQuery as unknown as z.ZodObject).extend({ format: exportFormatSchema }) },
    },
    async (request, reply) => {
      const q = request.query as Q & { format: ExportFormat };
      const rows = await resource.exportRows(db, tenantOf(request), q, restrict(request));
      return sendExport(reply, q.format, opts.tag.replace(/\s+/g, '-'), rows, opts.exportColumns);
    },
  );

  app.get('/:id', { config: can(perms.list), schema: { tags, params: idParamSchema } }, async (request) => ({
    data: await resource.mustFind(db, tenantOf(request), request.params.id, restrict(request)),
  }));

  app.post('/', { config: can(perms.add), schema: { tags, body: opts.input } }, async (request, reply) => {
    const row = await resource.create(db, actorOf(request), request.body as Input);
    await opts.afterCreate?.(request, row);
    return reply.code(201).send({ data: row });
  });

  app.put('/:id', { config: can(perms.edit), schema: { tags, params: idParamSchema, body: opts.input } }, async (request) => ({
    data: await resource.update(
      db,
      await actorFor(request, request.params.id),
      request.params.id,
      request.body as Input,
      expectedVersion(request),
    ),
  }));

  if (opts.statusRoute !== false) {
    app.post(
      '/:id/status',
      { config: can(perms.edit), schema: { tags, params: idParamSchema, body: statusBodySchema } },
      async (request) => ({
        data: await resource.setStatus(
          db,
          await actorFor(request, request.params.id),
          request.params.id,
          request.body.status as never,
          request.body.reason,
        ),
      }),
    );
  }

  if (opts.deletable === false) {
    return;
  }
  app.delete('/:id', { config: can(perms.edit), schema: { tags, params: idParamSchema } }, async (request) => {
    await resource.remove(db, await actorFor(request, request.params.id), request.params.id);
    return { data: { id: request.params.id, deleted: true } };
  });
}
