import type { OpenAPIV3 } from 'openapi-types';
import type { Access } from '../lib/access.ts';

/**
 * The one shape of every error answer (app-errors.ts): `{ error: { code, message, fields?, details? } }`,
 * and the error answers the document lists, each referring to it.
 */
const errorSchema: OpenAPIV3.SchemaObject = {
  type: 'object',
  required: ['error'],
  properties: {
    error: {
      type: 'object',
      required: ['code', 'message'],
      properties: {
        code: {
          type: 'string',
          description: 'Stable, for programs: VALIDATION_FAILED, UNAUTHENTICATED, FORBIDDEN, NOT_FOUND, CONFLICT …',
          example: 'VALIDATION_FAILED',
        },
        message: { type: 'string', description: 'For people; names the first bad field.', example: 'name: Name is required' },
        fields: {
          type: 'object',
          additionalProperties: { type: 'string' },
          description: 'Each bad field (dotted path) and what is wrong with it.',
        },
        details: { description: 'Structured detail of some errors, e.g. the per-row report of a refused import.' },
      },
    },
  },
};

const RESPONSES = {
  '400': ['BadRequest', 'The request is not valid: `fields` names each bad field.'],
  '401': ['Unauthorized', 'No valid session token or API key.'],
  '403': ['Forbidden', 'The caller may not do this (permission or user type).'],
  '404': ['NotFound', "No such record, or one out of the caller's reach (another company's record is a 404, never a 403)."],
  '409': [
    'Conflict',
    'The record changed meanwhile (If-Match), the state does not allow it, or a call with the same Idempotency-Key is still running.',
  ],
  '429': ['TooManyRequests', 'Too many attempts; the Retry-After header says when to try again.'],
} as const;
type Status = keyof typeof RESPONSES;

/** `components.schemas.Error` and `components.responses.*` of the document. */
export const ERROR_COMPONENTS: Pick<OpenAPIV3.ComponentsObject, 'schemas' | 'responses'> = {
  schemas: { Error: errorSchema },
  responses: Object.fromEntries(
    Object.values(RESPONSES).map(([name, description]) => [
      name,
      { description, content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } } },
    ]),
  ),
};

const WRITES = new Set(['post', 'put', 'patch', 'delete']);
/** The driver's moves through the trip link (record 0300): public, and 409 as the carrier's moves. */
const TRIP_LINK = /^\/api\/trip\/\{token\}\/(report|arrive|deliver)$/;
/** Public link routes limited per client address (tracking links, the driver's trip link). */
const LINK_LIMITED = /^\/api\/(public\/tracking|trip)\//;
/** The routes that count attempts and answer 429 (sign-in and password links, per client). */
const THROTTLED = /^\/api\/auth\//;

/**
 * Which error answers an operation lists: 400 with input, 401 and 403 unless public (401 only for
 * any signed-in user), 404 with a path parameter, 409 for writes (the driver's trip-link moves too), 429
 * for the throttled sign-in routes and the public link routes limited per client address.
 */
export function errorResponsesFor(op: { method: string; path: string; access: Access | undefined; hasInput: boolean }) {
  const statuses: Status[] = [];
  if (op.hasInput) {
    statuses.push('400');
  }
  if (op.access !== 'public') {
    statuses.push('401');
    if (op.access !== 'authenticated') {
      statuses.push('403');
    }
  }
  if (op.path.includes('{')) {
    statuses.push('404');
  }
  if (WRITES.has(op.method) && (op.access !== 'public' || TRIP_LINK.test(op.path))) {
    statuses.push('409');
  }
  if ((THROTTLED.test(op.path) && op.method === 'post') || LINK_LIMITED.test(op.path)) {
    statuses.push('429');
  }
  return Object.fromEntries(statuses.map((s) => [s, { $ref: `#/components/responses/${RESPONSES[s][0]}` }]));
}
