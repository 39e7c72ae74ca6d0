import { STATUS_LABEL, type Status } from '@freightdesk/shared/schemas/common';
import type { FastifyInstance } from 'fastify';
import { staffInputSchema, staffListQuerySchema, staffSchema } from '@freightdesk/shared/schemas/staff';
import { requireUser } from '../../lib/access.ts';
import { registerResourceRoutes } from '../../lib/resource-routes.ts';
import { linkBaseUrl } from '../../config.ts';
import { sendPasswordLink } from '../auth/password-links.ts';
import { staffResource } from './staff.service.ts';

export async function staffRoutes(fastify: FastifyInstance) {
  registerResourceRoutes(fastify, staffResource, {
    tag: 'staff',
    permissions: { list: 'list-staff', add: 'add-staff', edit: 'edit-staff' },
    input: staffInputSchema,
    answer: staffSchema,
    listQuery: staffListQuerySchema,
    exportColumns: [
      { key: 'name', label: 'Name' },
      { key: 'email', label: 'Email' },
      { key: 'mobile', label: 'Mobile' },
      { key: 'roleName', label: 'Role' },
      { key: 'status', label: 'Status', format: (v) => STATUS_LABEL[v as Status] },
    ],
    deletable: false,
    // A new member chooses a first password through a mailed invitation link.
    afterCreate: (request, row) =>
      sendPasswordLink(
        fastify.deps.database.db,
        fastify.deps.mailer,
        row,
        linkBaseUrl(fastify.deps.config),
        'invite',
        requireUser(request).industryName ?? undefined,
      ),
  });
}
