import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idParamSchema } from '@freightdesk/shared/schemas/common';
import { plantInputSchema, plantListQuerySchema, plantStatusBodySchema, slaBodySchema } from '@freightdesk/shared/schemas/plant';
import { industryOf, shipperActor } from '../../lib/access.ts';
import { notFound } from '../../lib/errors.ts';
import { findPlant, listPlants } from './plants.repository.ts';
import { createPlant, setPlantSla, setPlantStatus, updatePlant } from './plants.service.ts';

export async function plantRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db } = app.deps.database;
  const tags = ['plants'];

  app.get('/', { config: { access: { permission: 'list-plant' } }, schema: { tags, querystring: plantListQuerySchema } }, async (request) =>
    listPlants(db, industryOf(request.user), request.query),
  );

  app.get('/:id', { config: { access: { permission: 'list-plant' } }, schema: { tags, params: idParamSchema } }, async (request) => {
    const plant = await findPlant(db, industryOf(request.user), request.params.id);
    if (!plant) {
      throw notFound('Plant');
    }
    return { data: plant };
  });

  app.post('/', { config: { access: { permission: 'add-plant' } }, schema: { tags, body: plantInputSchema } }, async (request, reply) => {
    const plant = await createPlant(db, shipperActor(request), request.body);
    return reply.code(201).send({ data: plant });
  });

  app.put(
    '/:id',
    { config: { access: { permission: 'edit-plant' } }, schema: { tags, params: idParamSchema, body: plantInputSchema } },
    async (request) => ({ data: await updatePlant(db, shipperActor(request), request.params.id, request.body) }),
  );

  app.post(
    '/:id/status',
    { config: { access: { permission: 'edit-plant' } }, schema: { tags, params: idParamSchema, body: plantStatusBodySchema } },
    async (request) => ({
      data: await setPlantStatus(db, shipperActor(request), request.params.id, request.body.status, request.body.reason),
    }),
  );

  app.put(
    '/:id/sla/:kind',
    {
      config: { access: { permission: 'list-terms-conditions' } },
      schema: { tags, params: idParamSchema.extend({ kind: z.enum(['sla', 'contract']) }), body: slaBodySchema },
    },
    async (request) => ({
      data: await setPlantSla(db, shipperActor(request), request.params.id, request.params.kind, request.body.text),
    }),
  );
}
