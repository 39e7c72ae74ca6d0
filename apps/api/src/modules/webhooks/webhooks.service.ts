import type { WebhookEndpoint, WebhookEndpointBody, WebhookEndpointWithSecret, WebhookSecret } from '@freightdesk/shared/schemas/webhook';
import { writeAudit } from '../../repositories/audit.repository.ts';
import { envelopeOf, newWebhookSecret, storeEvent } from '../../lib/webhooks.ts';
import type { Db } from '../../db/client.ts';
import { badRequest, foundOr404, notFound } from '../../lib/errors.ts';
import { type Outbound, OutboundRefused } from '../../lib/outbound.ts';
import type { Viewer } from '../../lib/policy-scope.ts';
import {
  type Company,
  deleteEndpointQuery,
  type EndpointRow,
  endpointQuery,
  endpointsQuery,
  insertEndpoint,
  rotateSecretQuery,
  updateEndpointQuery,
} from '../../repositories/webhook-endpoints.repository.ts';

/** A company's webhook endpoints (issue 34): managed by its account, read through the policy. */

/** How long the secret before a rotation keeps signing, beside the new one. */
export const ROTATION_OVERLAP_MS = 24 * 3600 * 1000;

export const toEndpoint = (r: EndpointRow): WebhookEndpoint => ({
  id: r.id,
  url: r.url,
  description: r.description,
  eventTypes: r.eventTypes,
  enabled: r.enabled,
  disabledReason: r.disabledReason,
  secretHint: `whsec_…${r.secret.slice(-4)}`,
  previousSecretUntil: r.previousSecret && r.previousSecretUntil ? r.previousSecretUntil.toISOString() : null,
  createdAt: r.createdAt.toISOString(),
  updatedAt: r.updatedAt.toISOString(),
});

/** An endpoint just made or rotated, with its new secret for the receiver. */
const withSecret = (r: EndpointRow): WebhookEndpointWithSecret => ({ ...toEndpoint(r), secret: r.secret });

/** The company of the viewer (the route admits only the carrier account and the shipper owner). */
function companyOf(viewer: Viewer): Company {
  if (viewer.userType === 2 && viewer.carrierId) {
    return { industryId: null, carrierId: viewer.carrierId };
  }
  if (viewer.userType === 3 && viewer.industryId) {
    return { industryId: viewer.industryId, carrierId: null };
  }
  throw notFound('Company');
}

/** The URL must be one the server may call: public https (checked again at every attempt). */
async function checkUrl(outbound: Pick<Outbound, 'check'>, url: string) {
  try {
    await outbound.check(url);
  } catch (err) {
    if (err instanceof OutboundRefused) {
      throw badRequest('url', `URL ${err.message}`);
    }
    throw err;
  }
}

type Body = { url: string; description?: string; eventTypes: string[]; enabled: boolean };

export async function listEndpoints(db: Db, viewer: Viewer): Promise<WebhookEndpoint[]> {
  return (await endpointsQuery(db, viewer)).map(toEndpoint);
}

export async function createEndpoint(db: Db, outbound: Outbound, viewer: Viewer, body: Body): Promise<WebhookEndpointWithSecret> {
  await checkUrl(outbound, body.url);
  const values = { ...body, description: body.description ?? null, eventTypes: [...new Set(body.eventTypes)], secret: newWebhookSecret() };
  return withSecret(await db.transaction((tx) => insertEndpoint(tx, companyOf(viewer), values)));
}

/** Changes an endpoint; turning it on again clears the server's reason and its failure clock. */
export async function updateEndpoint(db: Db, outbound: Outbound, viewer: Viewer, id: number, body: Body): Promise<WebhookEndpoint> {
  await checkUrl(outbound, body.url);
  const set = { url: body.url, description: body.description ?? null, eventTypes: [...new Set(body.eventTypes)], enabled: body.enabled };
  const row = await db.transaction((tx) =>
    foundOr404(
      updateEndpointQuery(tx, viewer, id, body.enabled ? { ...set, disabledReason: null, failingSince: null } : set),
      'Webhook endpoint',
    ),
  );
  return toEndpoint(row);
}

export async function deleteEndpoint(db: Db, viewer: Viewer, id: number): Promise<void> {
  await db.transaction((tx) => foundOr404(deleteEndpointQuery(tx, viewer, id), 'Webhook endpoint'));
}

/** A new secret; the old one keeps signing (beside it) for 24 hours, so receivers can switch. */
export async function rotateSecret(db: Db, viewer: Viewer, id: number): Promise<WebhookEndpointWithSecret> {
  const until = new Date(Date.now() + ROTATION_OVERLAP_MS);
  const row = await db.transaction((tx) => foundOr404(rotateSecretQuery(tx, viewer, id, newWebhookSecret(), until), 'Webhook endpoint'));
  return withSecret(row);
}

/**
 * The signing secret, read on purpose ("Reveal" or "Copy"), by whoever may change the endpoint; each
 * read is recorded in the audit log with who read it.
 */
export async function revealSecret(db: Db, viewer: Viewer, id: number): Promise<WebhookSecret> {
  return db.transaction(async (tx) => {
    const row = await foundOr404(endpointQuery(tx, viewer, id, 'change'), 'Webhook endpoint');
    await writeAudit(tx, {
      industryId: row.industryId,
      actorUserId: viewer.id,
      entity: 'webhook_endpoint',
      entityId: row.id,
      action: 'secret_read',
    });
    return { secret: row.secret, previousSecretUntil: toEndpoint(row).previousSecretUntil };
  });
}

/** Sends a `webhook.test` event to this endpoint only, through the same delivery as every event. */
export async function sendTestEvent(db: Db, viewer: Viewer, id: number): Promise<{ deliveryId: number }> {
  return db.transaction(async (tx) => {
    const endpoint = await foundOr404(endpointQuery(tx, viewer, id, 'change'), 'Webhook endpoint');
    const envelope = envelopeOf('webhook.test', { message: 'A test event from Freightdesk.' });
    const target = { industryId: endpoint.industryId, carrierId: endpoint.carrierId, orderId: null };
    const [deliveryId] = await storeEvent(tx, envelope, target, [endpoint.id]);
    if (deliveryId === undefined) {
      throw new Error('the test event made no delivery');
    }
    return { deliveryId };
  });
}

export type { WebhookEndpointBody };
