import { gstRatesAnswer } from '@freightdesk/shared/schemas/answers-masters-account';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { gstRateAnswer, gstRateListAnswer } from '@freightdesk/shared/schemas/answers-admin';
import { gstRateInputSchema } from '@freightdesk/shared/schemas/invoice';
import { requireUser } from '../../lib/access.ts';
import { addGstRate, listGstRates } from './gst-rates.service.ts';

/** `/api/admin/gst-rates`: the platform admin keeps the dated GTA rate table (a new notification, a new row). */
export async function gstRateAdminRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db } = app.deps.database;
  const config = { access: { userTypes: [1] } } as const;
  const tags = ['admin'];
  app.get('', { config, schema: { tags, response: { 200: gstRateListAnswer } } }, async () => ({ data: await listGstRates(db) }));
  app.post('', { config, schema: { tags, body: gstRateInputSchema, response: { 201: gstRateAnswer } } }, async (request, reply) =>
    reply.code(201).send({ data: await addGstRate(db, requireUser(request).id, { ...request.body, notes: request.body.notes ?? null }) }),
  );
}

/** `/api/gst-rates`: the rate table as invoices read it (shippers and carriers alike). */
export async function gstRateRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db } = app.deps.database;
  app.get('', { config: { access: 'authenticated' }, schema: { tags: ['invoices'], response: { 200: gstRatesAnswer } } }, async () => ({
    data: await listGstRates(db),
  }));
}
