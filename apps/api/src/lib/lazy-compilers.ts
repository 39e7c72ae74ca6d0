import { createRequire } from 'node:module';
import type { FastifyServerOptions } from 'fastify';

type Compilers = NonNullable<NonNullable<FastifyServerOptions['schemaController']>['compilersFactory']>;
type Factory = (...args: unknown[]) => unknown;

// Fastify's own compilers, resolved as Fastify resolves them (they are its dependencies, not ours).
const fromFastify = createRequire(createRequire(import.meta.url).resolve('fastify'));

/** A compiler factory that loads the package (a selector returning the factory) on its first call. */
function loadedWhenAsked<F>(name: string): F {
  let real: Factory | undefined;
  const factory: Factory = (...args) => {
    real ??= (fromFastify(name) as () => Factory)();
    return real(...args);
  };
  return factory as F;
}

/**
 * Fastify builds its default compilers (Ajv, fast-json-stringify) in its constructor. Every route
 * here validates and serializes with zod (fastify-type-provider-zod, set right after), so they
 * would be loaded for nothing: a fifth of a second of each start on a busy 2-core machine
 * (issue 15). These stand in for them and load them only if something ever asks.
 */
export const lazyDefaultCompilers: Compilers = {
  buildValidator: loadedWhenAsked<Compilers['buildValidator']>('@fastify/ajv-compiler'),
  buildSerializer: loadedWhenAsked<Compilers['buildSerializer']>('@fastify/fast-json-stringify-compiler'),
};
