import { geoCitiesAnswer, geoStatesAnswer } from '@freightdesk/shared/schemas/answers-masters-account';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idQuery, STATUS_LABEL, type Status } from '@freightdesk/shared/schemas/common';
import {
  cityInputSchema,
  citySchema,
  countryInputSchema,
  countrySchema,
  geoListQuerySchema,
  stateInputSchema,
  stateSchema,
} from '@freightdesk/shared/schemas/geography';
import { registerOptionsRoute } from '../../repositories/common/options.ts';
import { registerResourceRoutes } from '../../lib/resource-routes.ts';
import { activeCitiesQuery, activeStatesQuery, countryOptions, stateOptions } from '../../repositories/geography.repository.ts';
import { cityResource, countryResource, stateResource } from './geography.service.ts';

const status = { key: 'status', label: 'Status', format: (v: unknown) => STATUS_LABEL[v as Status] } as const;

/** Admin screens: countries, states, cities. */
export async function geographyAdminRoutes(fastify: FastifyInstance) {
  await fastify.register(
    async (f) => {
      registerOptionsRoute(f, countryOptions);
      registerResourceRoutes(f, countryResource, {
        tag: 'geography',
        admin: true,
        input: countryInputSchema,
        answer: countrySchema,
        listQuery: geoListQuerySchema,
        exportColumns: [{ key: 'name', label: 'Country' }, { key: 'code', label: 'Code' }, status],
      });
    },
    { prefix: '/countries' },
  );
  await fastify.register(
    async (f) => {
      registerOptionsRoute(f, stateOptions);
      registerResourceRoutes(f, stateResource, {
        tag: 'geography',
        admin: true,
        input: stateInputSchema,
        answer: stateSchema,
        listQuery: geoListQuerySchema,
        exportColumns: [{ key: 'name', label: 'State' }, { key: 'code', label: 'Code' }, { key: 'countryName', label: 'Country' }, status],
      });
    },
    { prefix: '/states' },
  );
  await fastify.register(
    async (f) =>
      registerResourceRoutes(f, cityResource, {
        tag: 'geography',
        admin: true,
        input: cityInputSchema,
        answer: citySchema,
        listQuery: geoListQuerySchema,
        exportColumns: [{ key: 'name', label: 'City' }, { key: 'stateName', label: 'State' }, status],
      }),
    { prefix: '/cities' },
  );
}

/** Pickers for every logged-in user: active states of a country, active cities of a state. */
export async function geographyOptionRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db } = app.deps.database;
  const config = { access: 'authenticated' } as const;
  app.get(
    '/states',
    {
      config,
      schema: { tags: ['geography'], querystring: z.object({ countryId: idQuery.optional() }), response: { 200: geoStatesAnswer } },
    },
    async (request) => ({
      data: await activeStatesQuery(db, request.query.countryId),
    }),
  );
  app.get(
    '/cities',
    { config, schema: { tags: ['geography'], querystring: z.object({ stateId: idQuery }), response: { 200: geoCitiesAnswer } } },
    async (request) => ({
      data: await activeCitiesQuery(db, request.query.stateId),
    }),
  );
}
