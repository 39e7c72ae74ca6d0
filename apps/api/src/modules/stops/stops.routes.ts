import { STATUS_LABEL, type Status } from '@freightdesk/shared/schemas/common';
import type { FastifyInstance } from 'fastify';
import { STOP_TYPE_LABEL, stopInputSchema, stopListQuerySchema, stopSchema } from '@freightdesk/shared/schemas/stop';
import { registerResourceRoutes } from '../../lib/resource-routes.ts';
import { registerOptionsRoute } from '../../repositories/common/options.ts';
import { stopOptions } from '../../repositories/stops.repository.ts';
import { stopResource } from './stops.service.ts';

export async function stopRoutes(fastify: FastifyInstance) {
  registerOptionsRoute(fastify, stopOptions);
  registerResourceRoutes(fastify, stopResource, {
    tag: 'locations',
    permissions: { list: 'list-stop', add: 'add-stop', edit: 'edit-stop' },
    input: stopInputSchema,
    answer: stopSchema,
    listQuery: stopListQuerySchema,
    exportColumns: [
      { key: 'name', label: 'Location' },
      { key: 'type', label: 'Type', format: (v) => STOP_TYPE_LABEL[v as keyof typeof STOP_TYPE_LABEL] },
      { key: 'address', label: 'Address' },
      { key: 'city', label: 'City' },
      { key: 'state', label: 'State' },
      { key: 'pincode', label: 'PIN code' },
      { key: 'latitude', label: 'Latitude' },
      { key: 'longitude', label: 'Longitude' },
      { key: 'status', label: 'Status', format: (v) => STATUS_LABEL[v as Status] },
    ],
  });
}
