import { STATUS_LABEL, type Status } from '@freightdesk/shared/schemas/common';
import { and, asc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { roleInputSchema, roleListQuerySchema } from '@freightdesk/shared/schemas/role';
import { roles } from '../../db/schema/tenancy.ts';
import { industryOf } from '../../lib/access.ts';
import { registerResourceRoutes } from '../../lib/resource-routes.ts';
import { roleResource } from './roles.service.ts';

export async function roleRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  app.get('/options', { config: { access: { permission: 'list-staff' } }, schema: { tags: ['roles'] } }, async (request) => ({
    data: await app.deps.database.db
      .select({ id: roles.id, name: roles.name })
      .from(roles)
      .where(and(eq(roles.industryId, industryOf(request.user)), eq(roles.status, 'active')))
      .orderBy(asc(roles.name)),
  }));

  registerResourceRoutes(fastify, roleResource, {
    tag: 'roles',
    permissions: { list: 'list-role', add: 'add-role', edit: 'edit-role' },
    input: roleInputSchema,
    listQuery: roleListQuerySchema,
    exportColumns: [
      { key: 'name', label: 'Role' },
      { key: 'permissions', label: 'Permissions' },
      { key: 'staffCount', label: 'Active staff' },
      { key: 'status', label: 'Status', format: (v) => STATUS_LABEL[v as Status] },
    ],
  });
}
