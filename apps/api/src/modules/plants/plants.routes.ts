import { STATUS_LABEL, type Status } from '@freightdesk/shared/schemas/common';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idParamSchema } from '@freightdesk/shared/schemas/common';
import { plantInputSchema, plantListQuerySchema, plantSchema, slaBodySchema } from '@freightdesk/shared/schemas/plant';
import { masterAnswers } from '@freightdesk/shared/schemas/answers-masters';
import { shipperActor } from '../../lib/access.ts';
import { registerResourceRoutes } from '../../lib/resource-routes.ts';
import { registerOptionsRoute } from '../../repositories/common/options.ts';
import { plantOptions, plantRestriction } from '../../repositories/plants.repository.ts';
import { plantResource, setPlantSla } from './plants.service.ts';
import { expectedVersion } from '../../lib/version-check.ts';

export async function plantRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  registerOptionsRoute(fastify, plantOptions);

  registerResourceRoutes(fastify, plantResource, {
    tag: 'plants',
    permissions: { list: 'list-plant', add: 'add-plant', edit: 'edit-plant' },
    input: plantInputSchema,
    answer: plantSchema,
    listQuery: plantListQuerySchema,
    exportColumns: [
      { key: 'name', label: 'Plant name' },
      { key: 'code', label: 'Plant code' },
      { key: 'gstin', label: 'GSTIN' },
      { key: 'businessUnitName', label: 'Business unit' },
      { key: 'address', label: 'Address' },
      { key: 'city', label: 'City' },
      { key: 'state', label: 'State' },
      { key: 'pincode', label: 'PIN code' },
      { key: 'latitude', label: 'Latitude' },
      { key: 'longitude', label: 'Longitude' },
      { key: 'geofenceRadius', label: 'Geofence radius (m)' },
      { key: 'contactName', label: 'Contact name' },
      { key: 'contactMobile', label: 'Contact mobile' },
      { key: 'status', label: 'Status', format: (v) => STATUS_LABEL[v as Status] },
    ],
    restrict: plantRestriction,
  });

  app.put(
    '/:id/sla/:kind',
    {
      config: { access: { permission: 'list-terms-conditions' } },
      schema: {
        tags: ['plants'],
        params: idParamSchema.extend({ kind: z.enum(['sla', 'contract']) }),
        body: slaBodySchema,
        response: { 200: masterAnswers(plantSchema).one },
      },
    },
    async (request) => ({
      data: await setPlantSla(
        app.deps.database.db,
        shipperActor(request),
        request.params.id,
        request.params.kind,
        request.body.text,
        expectedVersion(request),
      ),
    }),
  );
}
