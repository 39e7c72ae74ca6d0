import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idParamSchema } from '@freightdesk/shared/schemas/common';
import { plantInputSchema, plantListQuerySchema, slaBodySchema } from '@freightdesk/shared/schemas/plant';
import { shipperActor } from '../../lib/access.ts';
import { registerResourceRoutes } from '../../lib/resource-routes.ts';
import { plantResource, setPlantSla } from './plants.service.ts';

export async function plantRoutes(fastify: FastifyInstance) {
  registerResourceRoutes(fastify, plantResource, {
    tag: 'plants',
    permissions: { list: 'list-plant', add: 'add-plant', edit: 'edit-plant' },
    input: plantInputSchema,
    listQuery: plantListQuerySchema,
  });

  const app = fastify.withTypeProvider<ZodTypeProvider>();
  app.put(
    '/:id/sla/:kind',
    {
      config: { access: { permission: 'list-terms-conditions' } },
      schema: { tags: ['plants'], params: idParamSchema.extend({ kind: z.enum(['sla', 'contract']) }), body: slaBodySchema },
    },
    async (request) => ({
      data: await setPlantSla(app.deps.database.db, shipperActor(request), request.params.id, request.params.kind, request.body.text),
    }),
  );
}
