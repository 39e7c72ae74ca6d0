import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { AppError, isDatabaseUnavailable, isStatementTimeout } from './lib/errors.ts';

const DB_RETRY_AFTER_SECONDS = 5;

/**
 * How every error is answered: 400 naming the fields of a bad request, an AppError as it says,
 * 503 with Retry-After when the database is out or a statement ran too long, Fastify's own client
 * errors as they are, and anything else a logged 500 without its details.
 */
export function answerErrors(app: FastifyInstance): void {
  app.setErrorHandler((err: FastifyError, request, reply) => {
    if (hasZodFastifySchemaValidationErrors(err)) {
      const fields: Record<string, string> = {};
      for (const v of err.validation) {
        const key = v.instancePath.replace(/^\//, '').replace(/\//g, '.') || err.validationContext || 'body';
        fields[key] ??= v.message ?? 'Invalid value';
      }
      const [first] = Object.entries(fields);
      const message = first ? `${first[0]}: ${first[1]}` : 'The request is not valid.';
      return reply.code(400).send({ error: { code: 'VALIDATION_FAILED', message, fields } });
    }
    if (err instanceof AppError) {
      if (err.headers) {
        reply.headers(err.headers);
      }
      return reply.code(err.statusCode).send({ error: { code: err.code, message: err.message, fields: err.fields, details: err.details } });
    }
    if (isDatabaseUnavailable(err)) {
      request.log.warn({ err: err.message }, 'database unavailable');
      return reply
        .code(503)
        .header('retry-after', String(DB_RETRY_AFTER_SECONDS))
        .send({ error: { code: 'DATABASE_UNAVAILABLE', message: 'The service is briefly unavailable. Please retry.' } });
    }
    if (isStatementTimeout(err)) {
      // One heavy statement is stopped rather than allowed to hold a connection other users need.
      request.log.warn({ url: request.url }, 'statement timeout');
      return reply
        .code(503)
        .header('retry-after', String(DB_RETRY_AFTER_SECONDS))
        .send({ error: { code: 'QUERY_TIMEOUT', message: 'This took too long to answer. Narrow the search or filters and try again.' } });
    }
    if (err.statusCode && err.statusCode >= 400 && err.statusCode < 500) {
      // Fastify's own client errors: bad JSON, wrong content type, body too large.
      return reply.code(err.statusCode).send({ error: { code: err.code ?? 'BAD_REQUEST', message: err.message } });
    }
    request.log.error({ err }, 'unhandled error');
    return reply.code(500).send({ error: { code: 'INTERNAL', message: 'Something went wrong on our side.' } });
  });
}
