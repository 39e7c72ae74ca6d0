import { errorResponseSchema } from '@freightdesk/shared/schemas/common';
import type { FastifyReply, FastifyRequest, FastifySerializerCompiler } from 'fastify';
import type { ZodType } from 'zod';
import { fileAnswerAllows } from './file-answers.ts';

/**
 * How a route's declared answer schema (`schema.response[200]`, a zod schema) is used (record 0286):
 * the document shows it, and the answer is sent exactly as the handler made it, `JSON.stringify` as
 * for a route without one. fastify-type-provider-zod's own serializer would send the schema's
 * encoding of the answer instead, dropping every field the schema does not name: declaring a schema
 * must never change what clients get.
 *
 * With `check` (the API suite, test/harness.ts), every such answer is first compared with its
 * schema as a client would read it (the JSON text parsed again), and a mismatch is an error (a 500
 * naming the route, and `check` is told) so the test that made the call fails.
 */
export function answerSerializerCompiler(check?: (problem: AnswerMismatch) => void): FastifySerializerCompiler<unknown> {
  return ({ schema, method, url, httpStatus }) => {
    const zodSchema = schema as ZodType;
    return (data: unknown) => {
      const text = JSON.stringify(data);
      if (check) {
        const result = zodSchema.safeParse(text === undefined ? undefined : JSON.parse(text));
        if (result.error) {
          const problem = { route: `${method} ${url}`, status: httpStatus, issues: result.error.issues.slice(0, 5) };
          check(problem);
          throw new Error(
            `The answer of ${problem.route} (${httpStatus}) does not match its declared schema: ${JSON.stringify(problem.issues)}`,
          );
        }
      }
      return text;
    };
  };
}

export type AnswerMismatch = { route: string; status: string | undefined; issues: unknown[] };

/**
 * What the serializer cannot see, checked in the API suite after every call (record 0286): an error
 * answer (4xx, 5xx) has the one error shape; a file route answers one of its declared content types;
 * and any other success answer has a declared schema for its status. A route the suite calls
 * without one fails the suite: the document covers every operation the suite calls.
 */
export function answerCoverageHook(check: (problem: AnswerMismatch) => void) {
  return async (req: FastifyRequest, reply: FastifyReply, payload: unknown) => {
    const options = req.routeOptions;
    const schema = options.schema as { hide?: boolean; response?: Record<string, unknown> } | undefined;
    if (options.url === undefined || schema?.hide || options.url.startsWith('/api/docs')) {
      return payload;
    }
    const route = `${req.method} ${options.url}`;
    const status = reply.statusCode;
    const problem = (message: string) => check({ route, status: String(status), issues: [{ message }] });
    if (status >= 400) {
      checkErrorAnswer(payload, problem);
    } else if (options.config.fileAnswer) {
      const type = String(reply.getHeader('content-type') ?? '');
      if (!fileAnswerAllows(options.config.fileAnswer, type)) {
        problem(`answered ${type}, not one of its declared file types ${options.config.fileAnswer.types.join(', ')}`);
      }
    } else if (!schema?.response?.[String(status)]) {
      problem(`no answer schema is declared for ${status}`);
    }
    return payload;
  };
}

function checkErrorAnswer(payload: unknown, problem: (message: string) => void): void {
  let body: unknown;
  try {
    body = typeof payload === 'string' ? JSON.parse(payload) : undefined;
  } catch {
    body = undefined;
  }
  const result = errorResponseSchema.safeParse(body);
  if (result.error) {
    problem(`the error answer is not { error: { code, message, fields? } }: ${JSON.stringify(result.error.issues.slice(0, 3))}`);
  }
}
