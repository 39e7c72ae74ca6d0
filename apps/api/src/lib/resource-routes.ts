import type { SQL } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import type { Permission } from '@freightdesk/shared/permissions';
import { deletedAnswer, masterAnswers } from '@freightdesk/shared/schemas/answers-masters';
import { idParamSchema, type ListQuery, statusBodySchema } from '@freightdesk/shared/schemas/common';
import { fileAnswer } from '../openapi/file-answers.ts';
import { type Access, type AuthUser, industryOf, requireUser, shipperActor } from './access.ts';
import { type ExportColumn, type ExportFormat, exportFormatSchema, sendExport } from './export.ts';
import type { tenantResource } from './tenant-resource.ts';
import { expectedVersion } from './version-check.ts';

type Resource<Row, Input, Q extends ListQuery> = ReturnType<typeof tenantResource<Row & { id: number; status: string }, Input, Q>>;

type Options<Row, Input, Q extends ListQuery> = {
  tag: string;
  /** Without a list permission every shipper user (types 3 and 4) may read. */
  permissions?: { list?: Permission; add: Permission; edit: Permission };
  /** Platform data: every route is the platform admin's (user type 1), on global rows. */
  admin?: boolean;
  input: z.ZodType<Input>;
  /** One row as every answer gives it: the declared answers of the routes (issue 34). */
  answer: z.ZodType;
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
};

const zodApp = (fastify: FastifyInstance) => fastify.withTypeProvider<ZodTypeProvider>();
type ZodApp = ReturnType<typeof zodApp>;

/** What the routes of one resource share: the app, the resource, its options and who is calling. */
type Routes<Row, Input, Q extends ListQuery> = {
  app: ZodApp;
  resource: Resource<Row, Input, Q>;
  opts: Options<Row, Input, Q>;
  db: FastifyInstance['deps']['database']['db'];
  tags: string[];
  perms: { list?: Permission; add?: Permission; edit?: Permission };
};

/** A route's access rule: the platform admin's, the permission's, or any shipper user's. */
function accessRule(admin: boolean | undefined, permission: Permission | undefined): { access: Access } {
  if (admin) {
    return { access: { userTypes: [1] } };
  }
  return { access: permission ? { permission } : { userTypes: [3, 4] } };
}

const tenantOf = (r: { opts: { admin?: boolean } }, request: FastifyRequest) => (r.opts.admin ? 0 : industryOf(request.user));
const actorOf = (r: { opts: { admin?: boolean } }, request: FastifyRequest) =>
  r.opts.admin ? { id: requireUser(request).id, industryId: 0 } : shipperActor(request);
const restrictFor = <Row, Input, Q extends ListQuery>(r: Routes<Row, Input, Q>, request: FastifyRequest) =>
  r.opts.restrict?.(requireUser(request));

/** The caller as actor, after checking the row is one this user may see at all. */
async function actorFor<Row, Input, Q extends ListQuery>(r: Routes<Row, Input, Q>, request: FastifyRequest, id: number) {
  const actor = actorOf(r, request);
  await r.resource.mustFind(r.db, actor.industryId, id, restrictFor(r, request));
  return actor;
}

/** The declared answer of a route (`kind` of the master's answers), from the master's row. */
function answerOf(opts: { answer: z.ZodType }, kind: 'list' | 'one' | 'deleted', status = 200) {
  return { response: { [status]: kind === 'deleted' ? deletedAnswer : masterAnswers(opts.answer)[kind] } };
}

const EXPORT_FILE = fileAnswer('The filtered rows as CSV or XLSX (`format`)', 'csv', 'xlsx');

/** The list, its export and one row. */
function registerReads<Row, Input, Q extends ListQuery>(r: Routes<Row, Input, Q>) {
  const { app, resource, opts, db, tags, perms } = r;
  const can = accessRule(opts.admin, perms.list);
  app.get('', { config: can, schema: { tags, querystring: opts.listQuery, ...answerOf(opts, 'list') } }, async (request) =>
    resource.list(db, tenantOf(r, request), request.query as Q, restrictFor(r, request)),
  );

  app.get(
    '/export',
    {
      config: { ...can, fileAnswer: EXPORT_FILE },
      schema: { tags, querystring: (opts.listQuery as unknown as z.ZodObject).extend({ format: exportFormatSchema }) },
    },
    async (request, reply) => {
      const q = request.query as Q & { format: ExportFormat };
      const rows = await resource.exportRows(db, tenantOf(r, request), q, restrictFor(r, request));
      return sendExport(reply, q.format, opts.tag.replace(/\s+/g, '-'), rows, opts.exportColumns);
    },
  );

  app.get('/:id', { config: can, schema: { tags, params: idParamSchema, ...answerOf(opts, 'one') } }, async (request) => ({
    data: await resource.mustFind(db, tenantOf(r, request), request.params.id, restrictFor(r, request)),
  }));
}

/** Add and edit. */
function registerWrites<Row, Input, Q extends ListQuery>(r: Routes<Row, Input, Q>) {
  const { app, resource, opts, db, tags, perms } = r;
  app.post(
    '',
    { config: accessRule(opts.admin, perms.add), schema: { tags, body: opts.input, ...answerOf(opts, 'one', 201) } },
    async (request, reply) => {
      const row = await resource.create(db, actorOf(r, request), request.body as Input);
      await opts.afterCreate?.(request, row);
      return reply.code(201).send({ data: row });
    },
  );

  app.put(
    '/:id',
    { config: accessRule(opts.admin, perms.edit), schema: { tags, params: idParamSchema, body: opts.input, ...answerOf(opts, 'one') } },
    async (request) => ({
      data: await resource.update(
        db,
        await actorFor(r, request, request.params.id),
        request.params.id,
        request.body as Input,
        expectedVersion(request),
      ),
    }),
  );
}

/** Activate / deactivate, unless the rows have a lifecycle of their own. */
function registerStatus<Row, Input, Q extends ListQuery>(r: Routes<Row, Input, Q>) {
  const { app, resource, opts, db, tags, perms } = r;
  app.post(
    '/:id/status',
    {
      config: accessRule(opts.admin, perms.edit),
      schema: { tags, params: idParamSchema, body: statusBodySchema, ...answerOf(opts, 'one') },
    },
    async (request) => ({
      data: await resource.setStatus(
        db,
        await actorFor(r, request, request.params.id),
        request.params.id,
        request.body.status as never,
        request.body.reason,
      ),
    }),
  );
}

/** Delete, unless the rows carry history. */
function registerDelete<Row, Input, Q extends ListQuery>(r: Routes<Row, Input, Q>) {
  const { app, resource, opts, db, tags, perms } = r;
  const schema = { tags, params: idParamSchema, ...answerOf(opts, 'deleted') };
  app.delete('/:id', { config: accessRule(opts.admin, perms.edit), schema }, async (request) => {
    await resource.remove(db, await actorFor(r, request, request.params.id), request.params.id);
    return { data: { id: request.params.id, deleted: true } };
  });
}

/**
 * The five routes of a shipper master: list, read, add, edit, activate/deactivate. Later masters
 * (business units, stops, clients …) register theirs the same way as plants do.
 */
export function registerResourceRoutes<Row, Input, Q extends ListQuery>(
  fastify: FastifyInstance,
  resource: Resource<Row, Input, Q>,
  opts: Options<Row, Input, Q>,
) {
  const app = zodApp(fastify);
  if (!opts.admin && !opts.permissions) {
    throw new Error(`${opts.tag}: a shipper resource must name its permissions`);
  }
  const r: Routes<Row, Input, Q> = { app, resource, opts, db: app.deps.database.db, tags: [opts.tag], perms: opts.permissions ?? {} };
  registerReads(r);
  registerWrites(r);
  if (opts.statusRoute !== false) {
    registerStatus(r);
  }
  if (opts.deletable !== false) {
    registerDelete(r);
  }
}
