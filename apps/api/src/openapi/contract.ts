import type { SwaggerOptions } from '@fastify/swagger';
import type { RouteOptions } from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import type { Access } from '../lib/access.ts';
import { ERROR_COMPONENTS, errorResponsesFor } from './errors.ts';
import { type FileAnswer, fileAnswerResponse } from './file-answers.ts';
import { generatedSummary, operationIdOf } from './names.ts';

/**
 * The OpenAPI document as a contract (issue 34, record 0285): every operation has an operationId,
 * a summary, its error answers and its security; the document names its server and both ways of
 * calling (the session's bearer token and an integration's `X-API-Key`).
 */

type Method = Record<string, unknown> & {
  operationId?: string;
  summary?: string;
  security?: unknown[];
  parameters?: { in: string }[];
  requestBody?: unknown;
  responses?: Record<string, unknown>;
};
type Document = Record<string, unknown> & { paths: Record<string, Record<string, Method>>; components?: Record<string, unknown> };

/** What an operation's error answers and security depend on, read from its route when the document is built. */
type RouteFacts = { access: Access | undefined; tags: string[]; fileAnswer?: FileAnswer };

const key = (method: string, path: string) => `${method.toUpperCase()} ${path}`;
/** Fastify's `/api/plants/:id` as the document writes it, `/api/plants/{id}`. */
const documentPath = (url: string) => url.replace(/:(\w+)/g, '{$1}');

/** The swagger plugin's options: the document's head, and the transforms that complete each operation. */
export function swaggerOptions(): SwaggerOptions {
  const facts = new Map<string, RouteFacts>();
  return {
    openapi: {
      openapi: '3.0.3',
      info: {
        title: 'Freightdesk API',
        version: '0.1.0',
        description: 'Freight management for shippers and carriers. docs/integrations.md is the guide for ERP developers.',
        license: { name: 'AGPL-3.0-or-later', url: 'https://www.gnu.org/licenses/agpl-3.0.html' },
      },
      // Relative: the document is served by the API it describes, on whatever host it is reached at.
      servers: [{ url: '/', description: 'This Freightdesk server' }],
      components: {
        securitySchemes: {
          bearer: { type: 'http', scheme: 'bearer', description: 'A session token from POST /api/auth/login.' },
          apiKey: {
            type: 'apiKey',
            in: 'header',
            name: 'X-API-Key',
            description: "An integration's API key (`fdk_…`), made on Settings → Developers.",
          },
        },
        ...ERROR_COMPONENTS,
      },
      security: [{ bearer: [] }, { apiKey: [] }],
    },
    transform: (input) => {
      const { route, url } = input as unknown as { route: RouteOptions; url: string };
      const { access, fileAnswer } = (route.config ?? {}) as { access?: Access; fileAnswer?: FileAnswer };
      const tags = ((route.schema as { tags?: string[] } | undefined)?.tags ?? []).slice();
      for (const method of [route.method].flat()) {
        facts.set(key(method, documentPath(url)), { access, tags, fileAnswer });
      }
      return jsonSchemaTransform(input);
    },
    transformObject: (input) => completeOperations((input as unknown as { openapiObject: Document }).openapiObject, facts) as never,
  };
}

/** Fills in each operation's operationId, summary, security and error answers (a declared one is kept). */
function completeOperations(doc: Document, facts: Map<string, RouteFacts>): Document {
  for (const [path, methods] of Object.entries(doc.paths)) {
    for (const [method, op] of Object.entries(methods)) {
      const route = facts.get(key(method, path)) ?? { access: undefined, tags: [] };
      op.operationId ??= operationIdOf(method, path);
      op.summary ??= generatedSummary(method, path);
      if (route.access === 'public') {
        op.security = [];
      }
      const hasInput = Boolean(op.requestBody) || Boolean(op.parameters?.length);
      if (route.fileAnswer) {
        op.responses = { ...op.responses, '200': fileAnswerResponse(route.fileAnswer) };
      }
      op.responses = { ...op.responses, ...errorResponsesFor({ method, path, access: route.access, hasInput }) };
    }
  }
  moveNullableIntoUnions(doc.paths);
  return doc;
}

/**
 * zod writes a nullable union as `{ anyOf: [...], nullable: true }`, which OpenAPI 3.0 does not allow
 * (`nullable` needs a `type` beside it; Redocly's nullable-type-sibling): the same schema is
 * written with `nullable: true` on each member of the union instead.
 */
function moveNullableIntoUnions(node: unknown): void {
  if (Array.isArray(node)) {
    for (const item of node) {
      moveNullableIntoUnions(item);
    }
    return;
  }
  if (!node || typeof node !== 'object') {
    return;
  }
  const schema = node as Record<string, unknown>;
  const union = schema.anyOf ?? schema.oneOf;
  if (schema.nullable === true && schema.type === undefined && Array.isArray(union)) {
    delete schema.nullable;
    for (const member of union as Record<string, unknown>[]) {
      member.nullable = true;
    }
  }
  for (const value of Object.values(schema)) {
    moveNullableIntoUnions(value);
  }
}
