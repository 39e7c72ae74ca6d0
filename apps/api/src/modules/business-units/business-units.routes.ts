import { STATUS_LABEL, type Status } from '@freightdesk/shared/schemas/common';
import type { FastifyInstance } from 'fastify';
import { businessUnitInputSchema, businessUnitListQuerySchema, businessUnitSchema } from '@freightdesk/shared/schemas/business-unit';
import { registerResourceRoutes } from '../../lib/resource-routes.ts';
import { registerOptionsRoute } from '../../repositories/common/options.ts';
import { businessUnitOptions, businessUnitRestriction } from '../../repositories/business-units.repository.ts';
import { businessUnitResource } from './business-units.service.ts';

export async function businessUnitRoutes(fastify: FastifyInstance) {
  registerOptionsRoute(fastify, businessUnitOptions);

  registerResourceRoutes(fastify, businessUnitResource, {
    tag: 'business units',
    permissions: { list: 'list-business', add: 'add-business', edit: 'edit-business' },
    input: businessUnitInputSchema,
    answer: businessUnitSchema,
    listQuery: businessUnitListQuerySchema,
    exportColumns: [
      { key: 'name', label: 'Business unit' },
      { key: 'code', label: 'Code' },
      { key: 'plantCount', label: 'Plants' },
      { key: 'status', label: 'Status', format: (v) => STATUS_LABEL[v as Status] },
    ],
    restrict: businessUnitRestriction,
  });
}
