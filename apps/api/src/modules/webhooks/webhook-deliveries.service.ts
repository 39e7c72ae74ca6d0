import type { ListQuery, ListResponse } from '@freightdesk/shared/schemas/common';
import type { WebhookAttempt, WebhookDelivery, WebhookDeliveryStatus } from '@freightdesk/shared/schemas/webhook';
import type { Db } from '../../db/client.ts';
import { foundOr404 } from '../../lib/errors.ts';
import { scheduleJob } from '../../lib/jobs.ts';
import type { Viewer } from '../../lib/policy-scope.ts';
import { deliveryJobKey, WEBHOOK_DELIVER_JOB } from '../../lib/webhooks.ts';
import { pageWindow } from '../../repositories/common/pagination.ts';
import {
  attemptsQuery,
  deliveriesCountQuery,
  deliveriesPageQuery,
  replayDeliveryQuery,
} from '../../repositories/webhook-deliveries.repository.ts';
import { endpointQuery } from '../../repositories/webhook-endpoints.repository.ts';

/** The delivery log of an endpoint (paged on the server), each delivery's attempts, and replay. */

const iso = (v: unknown) => (v instanceof Date ? v.toISOString() : typeof v === 'string' ? new Date(v).toISOString() : null);

function toAttempt(raw: Record<string, unknown>): WebhookAttempt {
  return {
    id: Number(raw.id),
    at: iso(raw.at) ?? '',
    durationMs: Number(raw.durationMs),
    requestHeaders: (raw.requestHeaders ?? {}) as Record<string, string>,
    responseStatus: raw.responseStatus === null || raw.responseStatus === undefined ? null : Number(raw.responseStatus),
    responseHeaders: (raw.responseHeaders ?? {}) as Record<string, string>,
    responseBody: String(raw.responseBody ?? ''),
    error: raw.error === null || raw.error === undefined ? null : String(raw.error),
  };
}

export async function listDeliveries(
  db: Db,
  viewer: Viewer,
  endpointId: number,
  q: Pick<ListQuery, 'page' | 'pageSize'> & { status?: WebhookDeliveryStatus },
): Promise<ListResponse<WebhookDelivery>> {
  await foundOr404(endpointQuery(db, viewer, endpointId), 'Webhook endpoint');
  const [rows, [counted]] = await Promise.all([
    deliveriesPageQuery(db, viewer, endpointId, q.status, pageWindow(q)),
    deliveriesCountQuery(db, viewer, endpointId, q.status),
  ]);
  const data = rows.map((r) => ({
    ...r,
    nextAttemptAt: iso(r.nextAttemptAt),
    createdAt: iso(r.createdAt) ?? '',
    lastAttempt: r.lastAttempt ? toAttempt(r.lastAttempt) : null,
  }));
  return { data, total: Number(counted?.n ?? 0), page: q.page, pageSize: q.pageSize };
}

export async function listAttempts(db: Db, viewer: Viewer, endpointId: number, deliveryId: number): Promise<WebhookAttempt[]> {
  await foundOr404(endpointQuery(db, viewer, endpointId), 'Webhook endpoint');
  return (await attemptsQuery(db, viewer, endpointId, deliveryId)).map((r) => toAttempt(r));
}

/** Sends a delivery again from the start of the schedule, with the same webhook-id. */
export async function replayDelivery(db: Db, viewer: Viewer, endpointId: number, deliveryId: number): Promise<{ id: number }> {
  return db.transaction(async (tx) => {
    const row = await foundOr404(replayDeliveryQuery(tx, viewer, endpointId, deliveryId), 'Delivery');
    await scheduleJob(tx, WEBHOOK_DELIVER_JOB, deliveryJobKey(row.id), new Date(), { deliveryId: row.id });
    return row;
  });
}
