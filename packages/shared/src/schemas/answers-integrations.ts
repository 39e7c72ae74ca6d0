import { z } from 'zod';
import { API_SCOPES } from '../api-scopes.ts';
import { dataAnswer } from './answers.ts';
import { listResponseSchema } from './common.ts';
import {
  webhookAttemptSchema,
  webhookDeliverySchema,
  webhookEndpointSchema,
  webhookEndpointWithSecretSchema,
  webhookSecretSchema,
} from './webhook.ts';

/**
 * The declared answers of the integration routes (issue 34): a company's API keys and its webhook
 * endpoints, deliveries and the public event catalogue.
 */

/** A key as its company's list shows it (api-key.ts ApiKey). */
export const apiKeySchema = z.object({
  id: z.number().int(),
  name: z.string(),
  prefix: z.string(),
  scopes: z.array(z.enum(API_SCOPES)),
  createdAt: z.string(),
  createdByName: z.string(),
  expiresAt: z.string(),
  lastUsedAt: z.string().nullable(),
  lastUsedAddress: z.string().nullable(),
  revokedAt: z.string().nullable(),
});
export const apiKeyListAnswer = listResponseSchema(apiKeySchema);
/** `POST /api/api-keys`: the key, and its secret `key`, shown this once. */
export const apiKeyCreatedAnswer = dataAnswer(apiKeySchema.extend({ key: z.string() }));
/** `GET /api/api-keys/grantable`: the scopes this user may grant. */
export const apiKeyGrantableAnswer = dataAnswer(z.object({ scopes: z.array(z.enum(API_SCOPES)) }));
/** One call of a key in its audit log (api-key.ts ApiKeyCall). */
export const apiKeyCallListAnswer = listResponseSchema(
  z.object({
    id: z.number().int(),
    method: z.string(),
    path: z.string(),
    status: z.number().int(),
    address: z.string(),
    at: z.string(),
    durationMs: z.number().int(),
  }),
);
/** A write that answers only the id of the row it touched (a revoked key, a replayed delivery). */
export const idAnswer = dataAnswer(z.object({ id: z.number().int() }));

export const webhookEndpointAnswer = dataAnswer(webhookEndpointSchema);
export const webhookEndpointListAnswer = dataAnswer(z.array(webhookEndpointSchema));
export const webhookEndpointWithSecretAnswer = dataAnswer(webhookEndpointWithSecretSchema);
export const webhookSecretAnswer = dataAnswer(webhookSecretSchema);
export const webhookDeletedAnswer = dataAnswer(z.object({ deleted: z.boolean() }));
/** `POST …/endpoints/:id/test` (202): the delivery of the test event, queued. */
export const webhookTestAnswer = dataAnswer(z.object({ deliveryId: z.number().int() }));
export const webhookDeliveryListAnswer = listResponseSchema(webhookDeliverySchema);
export const webhookAttemptListAnswer = dataAnswer(z.array(webhookAttemptSchema));

/**
 * `GET /api/webhooks/event-types`: each event a company may subscribe to, with the JSON Schema
 * (draft 2020-12) of its envelope `{ type, version, timestamp, data }`.
 */
export const webhookEventTypeListAnswer = dataAnswer(
  z.array(
    z.object({
      type: z.string(),
      version: z.number().int(),
      description: z.string(),
      /** The envelope's JSON Schema (draft 2020-12): `properties` holds type, version, timestamp and data. */
      schema: z.object({
        $schema: z.string().optional(),
        type: z.union([z.string(), z.array(z.string())]).optional(),
        properties: z.record(z.string(), z.unknown()).optional(),
        required: z.array(z.string()).optional(),
      }),
    }),
  ),
);
