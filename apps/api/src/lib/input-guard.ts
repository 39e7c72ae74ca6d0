import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from './errors.ts';

/**
 * Text the database cannot hold, refused before any schema sees it: a NUL character (PostgreSQL
 * text refuses it) and a lone UTF-16 surrogate (not a character at all; it would be stored as a
 * replacement or break the row). One hook for every body, query string and path parameter, so no
 * field of any schema can let one through to a 500.
 */
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;
const unstorable = (text: string) => text.includes('\u0000') || LONE_SURROGATE.test(text);

/** The path of the first unstorable string in `value` (`dropoffs.0.label`), or undefined. */
export function unstorableAt(value: unknown, path: string[] = [], depth = 0): string | undefined {
  if (typeof value === 'string') {
    return unstorable(value) ? path.join('.') || 'body' : undefined;
  }
  if (depth > 32 || value === null || typeof value !== 'object') {
    return undefined;
  }
  for (const [key, inner] of Object.entries(value)) {
    if (unstorable(key)) {
      return [...path, 'key'].join('.');
    }
    const found = unstorableAt(inner, [...path, key], depth + 1);
    if (found !== undefined) {
      return found;
    }
  }
  return undefined;
}

export const inputGuardPlugin = fp(async (app: FastifyInstance) => {
  app.addHook('preValidation', async (request) => {
    for (const part of [request.params, request.query, request.body]) {
      const field = unstorableAt(part);
      if (field !== undefined) {
        const message = `${field} holds a character that cannot be stored (a NUL or a broken Unicode character)`;
        throw new AppError(400, 'VALIDATION_FAILED', message, { [field]: message });
      }
    }
  });
});
