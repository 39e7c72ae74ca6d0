import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';

/** A route plugin's Fastify instance, typed by the zod schemas of its routes. */
export const routeApp = (fastify: FastifyInstance) => fastify.withTypeProvider<ZodTypeProvider>();

/** The instance `routeApp` answers: what a route plugin's registration steps take. */
export type RouteApp = ReturnType<typeof routeApp>;
