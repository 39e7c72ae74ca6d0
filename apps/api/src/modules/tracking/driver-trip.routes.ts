import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { driverTripAnswer } from '@freightdesk/shared/schemas/answers-driver';
import { tripTokenParamSchema } from '@freightdesk/shared/schemas/driver-trip';
import { limiter } from './public.routes.ts';
import { readTrip } from './driver-trip.service.ts';

/** Calls of the driver's page per client address and minute: it polls and sends positions every 15–30 s. */
const TRIP_CALLS_PER_MINUTE = 60;

/**
 * `/api/trip/:token`: the driver's page of a trip link (issue 35, record 0300). Public (the token
 * is the credential), rate limited per address, never cached or referred; an unknown, revoked or
 * ended link is 404 with a plain message.
 */
export async function driverTripRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db } = app.deps.database;
  const limit = limiter(TRIP_CALLS_PER_MINUTE, 'Too many requests for this trip link. Wait a minute.');
  const guard = async (request: FastifyRequest, reply: FastifyReply) => {
    limit(request.ip);
    reply.header('cache-control', 'no-store');
    reply.header('referrer-policy', 'no-referrer');
  };
  const tags = ['driver trip'];
  app.get(
    '/:token',
    { config: { access: 'public' }, onRequest: guard, schema: { tags, params: tripTokenParamSchema, response: { 200: driverTripAnswer } } },
    async (request) => ({ data: await readTrip(db, request.params.token) }),
  );
}
