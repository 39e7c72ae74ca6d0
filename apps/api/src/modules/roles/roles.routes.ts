import { STATUS_LABEL, type Status } from '@freightdesk/shared/schemas/common';
import type { FastifyInstance } from 'fastify';
import { roleInputSchema, roleListQuerySchema, roleSchema } from '@freightdesk/shared/schemas/role';
import { registerResourceRoutes } from '../../lib/resource-routes.ts';
import { registerOptionsRoute } from '../../repositories/common/options.ts';
import { roleOptions } from '../../repositories/roles.repository.ts';
import { roleResource } from './roles.service.ts';

export async function roleRoutes(fastify: FastifyInstance) {
  registerOptionsRoute(fastify, roleOptions);

  registerResourceRoutes(fastify, roleResource, {
    tag: 'roles',
    permissions: { list: 'list-role', add: 'add-role', edit: 'edit-role' },
    input: roleInputSchema,
    answer: roleSchema,
    listQuery: roleListQuerySchema,
    exportColumns: [
      { key: 'name', label: 'Role' },
      { key: 'permissions', label: 'Permissions' },
      { key: 'staffCount', label: 'Active staff' },
      { key: 'status', label: 'Status', format: (v) => STATUS_LABEL[v as Status] },
    ],
  });
}
