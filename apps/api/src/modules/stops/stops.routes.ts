import type { FastifyInstance } from 'fastify';
import { stopInputSchema, stopListQuerySchema } from '@freightdesk/shared/schemas/stop';
import { registerResourceRoutes } from '../../lib/resource-routes.ts';
import { stopResource } from './stops.service.ts';

export async function stopRoutes(fastify: FastifyInstance) {
  registerResourceRoutes(fastify, stopResource, {
    tag: 'locations',
    permissions: { list: 'list-stop', add: 'add-stop', edit: 'edit-stop' },
    input: stopInputSchema,
    listQuery: stopListQuerySchema,
  });
}
