import type { FastifySerializerCompiler } from 'fastify';
import type { ZodType } from 'zod';

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
