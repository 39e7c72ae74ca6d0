import { createHmac, randomBytes } from 'node:crypto';
import {
  WEBHOOK_EVENT_VERSION,
  type WebhookEnvelope,
  type WebhookEventData,
  type WebhookEventType,
  webhookEnvelopeSchema,
} from '@freightdesk/shared/schemas/webhook-events';
import type { DbOrTx } from '../db/client.ts';
import { insertDeliveriesQuery, insertEvent } from '../repositories/webhook-deliveries.repository.ts';
import { subscribedEndpointsQuery } from '../repositories/webhook-endpoints.repository.ts';
import { scheduleJob } from './jobs.ts';
import type { ObjectKind } from './policy.ts';
import { carriersAddressed } from './policy-webhooks.ts';

/**
 * Webhooks by the Standard Webhooks specification (issue 34, record 0287). `recordEvent` is called
 * by a service inside the transaction of the change the event tells about: the event and one
 * delivery job per endpoint it is for exist only if that change commits. lib/webhooks-delivery.ts
 * sends them.
 */

export const WEBHOOK_DELIVER_JOB = 'webhook.deliver';
export const deliveryJobKey = (deliveryId: number) => `${WEBHOOK_DELIVER_JOB}:${deliveryId}`;

/** `whsec_` + base64 of 32 random bytes (the form the standardwebhooks libraries read). */
export const newWebhookSecret = () => `whsec_${randomBytes(32).toString('base64')}`;
export const newMessageId = () => `msg_${randomBytes(16).toString('base64url')}`;

/** `v1,<base64 HMAC-SHA256 of "id.timestamp.body">` keyed by the secret's bytes after `whsec_`. */
export function signature(secret: string, messageId: string, timestamp: number, body: string): string {
  const key = Buffer.from(secret.replace(/^whsec_/, ''), 'base64');
  return `v1,${createHmac('sha256', key).update(`${messageId}.${timestamp}.${body}`).digest('base64')}`;
}

/** The three headers of one attempt; during a rotation both secrets sign, space separated. */
export function webhookHeaders(secrets: string[], messageId: string, timestamp: number, body: string): Record<string, string> {
  return {
    'webhook-id': messageId,
    'webhook-timestamp': String(timestamp),
    'webhook-signature': secrets.map((s) => signature(s, messageId, timestamp, body)).join(' '),
  };
}

/** What an emit point says about its event: what happened, to whom, about which object. */
export type EventInput<T extends WebhookEventType> = {
  type: T;
  data: WebhookEventData<T>;
  /** The shipper the object belongs to: its endpoints get every event of its own. */
  industryId: number;
  /** The object, for the policy to say which carriers the event is addressed to. */
  subject: { kind: ObjectKind; id: number };
  /** Deliveries about one order to one endpoint go in order. */
  orderId?: number | null;
};

/** The envelope, checked against the event's published schema (a wrong payload is a bug here, not at the receiver). */
export function envelopeOf<T extends WebhookEventType>(type: T, data: WebhookEventData<T>, now = new Date()): WebhookEnvelope<T> {
  const envelope = { type, version: WEBHOOK_EVENT_VERSION, timestamp: now.toISOString(), data };
  webhookEnvelopeSchema(type).parse(envelope);
  return envelope as WebhookEnvelope<T>;
}

/** Stores the event and one delivery per endpoint, and schedules their jobs; all in `tx`. */
export async function storeEvent(
  tx: DbOrTx,
  envelope: WebhookEnvelope,
  target: { industryId: number | null; carrierId: number | null; orderId: number | null },
  endpointIds: number[],
): Promise<number[]> {
  if (!endpointIds.length) {
    return [];
  }
  const eventId = await insertEvent(tx, { messageId: newMessageId(), type: envelope.type, ...target, payload: envelope });
  const deliveries = await insertDeliveriesQuery(tx, eventId, target.orderId, endpointIds);
  for (const { id } of deliveries) {
    await scheduleJob(tx, WEBHOOK_DELIVER_JOB, deliveryJobKey(id), new Date(), { deliveryId: id });
  }
  return deliveries.map((r) => r.id);
}

/**
 * Records an event in the caller's transaction. It goes to the shipper's endpoints subscribed to
 * its type, and to a carrier's only when the policy lets that carrier read the object (its order,
 * indent, invoice or payment; a request it was invited to). Answers the deliveries made.
 */
export async function recordEvent<T extends WebhookEventType>(tx: DbOrTx, input: EventInput<T>): Promise<number[]> {
  const candidates = await subscribedEndpointsQuery(tx, input.type, input.industryId);
  if (!candidates.length) {
    return [];
  }
  const carriers = [...new Set(candidates.flatMap((c) => (c.carrierId ? [c.carrierId] : [])))];
  const addressed = new Set(await carriersAddressed(tx, carriers, input.subject));
  const endpointIds = candidates
    .filter((c) => c.industryId === input.industryId || (c.carrierId !== null && addressed.has(c.carrierId)))
    .map((c) => c.id);
  const carrierId = addressed.size === 1 ? ([...addressed][0] ?? null) : null;
  return storeEvent(
    tx,
    envelopeOf(input.type, input.data),
    { industryId: input.industryId, carrierId, orderId: input.orderId ?? null },
    endpointIds,
  );
}
