import type { FastifyInstance } from 'fastify';
import { STATUS_LABEL, type Status } from '@freightdesk/shared/schemas/common';
import { routeMasterInputSchema, routeMasterListQuerySchema, routeMasterSchema } from '@freightdesk/shared/schemas/route-master';
import { registerResourceRoutes } from '../../lib/resource-routes.ts';
import { registerOptionsRoute } from '../../repositories/common/options.ts';
import { routeMasterOptions } from '../../repositories/route-masters.repository.ts';
import { routeMasterResource } from './route-masters.service.ts';

export async function routeMasterRoutes(fastify: FastifyInstance) {
  registerOptionsRoute(fastify, routeMasterOptions);
  registerResourceRoutes(fastify, routeMasterResource, {
    tag: 'route masters',
    permissions: { list: 'list-route', add: 'add-route', edit: 'edit-route' },
    input: routeMasterInputSchema,
    answer: routeMasterSchema,
    listQuery: routeMasterListQuerySchema,
    exportColumns: [
      { key: 'name', label: 'Route' },
      { key: 'originName', label: 'Origin' },
      { key: 'destinationNames', label: 'Destinations' },
      { key: 'distanceKm', label: 'Distance (km)' },
      { key: 'transitHours', label: 'Transit time (h)' },
      { key: 'status', label: 'Status', format: (v) => STATUS_LABEL[v as Status] },
    ],
  });
}
