import { z } from 'zod';
import { MAX_ID } from '../constants.ts';
import { idParamSchema, listQuerySchema, optionalText } from './common.ts';
import { SUBSCRIBABLE_EVENT_TYPES, type WebhookEventType } from './webhook-events.ts';

/** Webhook endpoints of a company (issue 34): where its events go, and the log of their deliveries. */

const eventType = z.enum(SUBSCRIBABLE_EVENT_TYPES as [WebhookEventType, ...WebhookEventType[]], {
  error: 'Unknown event type',
});

export const webhookUrlSchema = z
  .string({ error: 'URL is required' })
  .trim()
  .min(1, 'URL is required')
  .max(2000, 'At most 2000 characters')
  .refine((v) => URL.canParse(v), 'Must be a URL (https://…)');

export const webhookEndpointBodySchema = z.object({
  url: webhookUrlSchema,
  description: optionalText(200),
  eventTypes: z.array(eventType).min(1, 'Choose at least one event').max(50),
  enabled: z.boolean().default(true),
});
export type WebhookEndpointBody = z.input<typeof webhookEndpointBodySchema>;

export const webhookEndpointSchema = z.object({
  id: z.number().int(),
  url: z.string(),
  description: z.string().nullable(),
  eventTypes: z.array(z.string()),
  enabled: z.boolean(),
  /** Why the server turned it off (sustained failure); null when enabled or turned off by hand. */
  disabledReason: z.string().nullable(),
  /** The secret's kind and last four characters (`whsec_…a1B2`): the secret itself is read on purpose only. */
  secretHint: z.string(),
  /** Until when the secret before the last rotation still signs (both are sent meanwhile). */
  previousSecretUntil: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type WebhookEndpoint = z.infer<typeof webhookEndpointSchema>;

/** An endpoint as made or rotated: the new secret is in that answer, for the receiver. */
export const webhookEndpointWithSecretSchema = webhookEndpointSchema.extend({ secret: z.string() });
export type WebhookEndpointWithSecret = z.infer<typeof webhookEndpointWithSecretSchema>;

/** `GET /api/webhooks/endpoints/:id/secret`: the signing secret, read on purpose (recorded). */
export const webhookSecretSchema = z.object({ secret: z.string(), previousSecretUntil: z.string().nullable() });
export type WebhookSecret = z.infer<typeof webhookSecretSchema>;

export const webhookDeliveryStatusSchema = z.enum(['pending', 'succeeded', 'failed']);
export type WebhookDeliveryStatus = z.infer<typeof webhookDeliveryStatusSchema>;

export const webhookDeliveryListQuerySchema = listQuerySchema.extend({
  status: webhookDeliveryStatusSchema.optional(),
});

export const webhookAttemptSchema = z.object({
  id: z.number().int(),
  at: z.string(),
  durationMs: z.number().int(),
  requestHeaders: z.record(z.string(), z.string()),
  responseStatus: z.number().int().nullable(),
  responseHeaders: z.record(z.string(), z.string()),
  /** The first 4 kB of the answer. */
  responseBody: z.string(),
  error: z.string().nullable(),
});
export type WebhookAttempt = z.infer<typeof webhookAttemptSchema>;

export const webhookDeliverySchema = z.object({
  id: z.number().int(),
  /** The message's webhook-id: the same on every attempt and replay. */
  messageId: z.string(),
  eventType: z.string(),
  status: webhookDeliveryStatusSchema,
  attempts: z.number().int(),
  nextAttemptAt: z.string().nullable(),
  createdAt: z.string(),
  payload: z.unknown(),
  lastAttempt: webhookAttemptSchema.nullable(),
});
export type WebhookDelivery = z.infer<typeof webhookDeliverySchema>;

export const webhookDeliveryParamSchema = idParamSchema.extend({
  deliveryId: z.coerce
    .number()
    .int('deliveryId must be a positive whole number')
    .positive('deliveryId must be a positive whole number')
    .max(MAX_ID, 'No such record'),
});
