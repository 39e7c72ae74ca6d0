import { and, count, desc, eq, lt, sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/client.ts';
import { webhookAttempts, webhookDeliveries, webhookEndpoints, webhookEvents } from '../db/schema/webhooks.ts';
import { webhookEndpointsFor } from '../lib/policy-webhooks.ts';
import type { Viewer } from '../lib/policy-scope.ts';

/** Webhook events, their deliveries (one per endpoint) and the log of each attempt (issue 34). */

const d = webhookDeliveries;
const ev = webhookEvents;
const a = webhookAttempts;
export type DeliveryStatus = (typeof webhookDeliveries.$inferSelect)['status'];
export type AttemptValues = Omit<typeof webhookAttempts.$inferInsert, 'id' | 'at'>;

export async function insertEvent(db: DbOrTx, values: typeof webhookEvents.$inferInsert): Promise<number> {
  const [row] = await db.insert(ev).values(values).returning({ id: ev.id });
  if (!row) {
    throw new Error('webhook event insert returned nothing');
  }
  return row.id;
}

/** One delivery per endpoint; answers their ids. */
export const insertDeliveriesQuery = (db: DbOrTx, eventId: number, orderId: number | null, endpointIds: number[]) =>
  db
    .insert(d)
    .values(endpointIds.map((endpointId) => ({ eventId, endpointId, orderId, nextAttemptAt: sql`now()` })))
    .returning({ id: d.id });

/** What a delivery job needs: the delivery, its event's id and body. */
export const deliveryForJobQuery = (db: DbOrTx, id: number) =>
  db
    .select({
      id: d.id,
      endpointId: d.endpointId,
      orderId: d.orderId,
      status: d.status,
      attempts: d.attempts,
      messageId: ev.messageId,
      payload: ev.payload,
    })
    .from(d)
    .innerJoin(ev, eq(ev.id, d.eventId))
    .where(eq(d.id, id))
    .limit(1);

/** The first delivery of the same order to the same endpoint still under way before this one, if any. */
export const earlierPendingQuery = (db: DbOrTx, delivery: { id: number; endpointId: number; orderId: number }) =>
  db
    .select({ id: d.id })
    .from(d)
    .where(and(eq(d.endpointId, delivery.endpointId), eq(d.orderId, delivery.orderId), eq(d.status, 'pending'), lt(d.id, delivery.id)))
    .orderBy(d.id)
    .limit(1);

/** The next delivery of the chain waiting for this one. */
export const nextInChainQuery = (db: DbOrTx, delivery: { id: number; endpointId: number; orderId: number }) =>
  db
    .select({ id: d.id })
    .from(d)
    .where(
      and(eq(d.endpointId, delivery.endpointId), eq(d.orderId, delivery.orderId), eq(d.status, 'pending'), sql`${d.id} > ${delivery.id}`),
    )
    .orderBy(d.id)
    .limit(1);

export const insertAttemptQuery = (db: DbOrTx, values: AttemptValues) => db.insert(a).values(values);

export const setDeliveryQuery = (db: DbOrTx, id: number, status: DeliveryStatus, attempts: number, nextAttemptAt: Date | null) =>
  db.update(d).set({ status, attempts, nextAttemptAt, updatedAt: sql`now()` }).where(eq(d.id, id));

/** The delivery joined to an endpoint the viewer manages; none when another company's. */
const viewerDeliveries = (viewer: Viewer, endpointId: number) =>
  and(eq(d.endpointId, endpointId), webhookEndpointsFor(viewer, 'read') ?? sql`false`);

const lastAttempt = sql`(select row_to_json(x) from (select id, at, duration_ms as "durationMs", request_headers as "requestHeaders",
  response_status as "responseStatus", response_headers as "responseHeaders", response_body as "responseBody", error
  from webhook_attempts where delivery_id = ${d.id} order by id desc limit 1) x)`;

/** A page of an endpoint's deliveries, newest first. */
export const deliveriesPageQuery = (
  db: DbOrTx,
  viewer: Viewer,
  endpointId: number,
  status: DeliveryStatus | undefined,
  page: { limit: number; offset: number },
) =>
  db
    .select({
      id: d.id,
      messageId: ev.messageId,
      eventType: ev.type,
      status: d.status,
      attempts: d.attempts,
      nextAttemptAt: d.nextAttemptAt,
      createdAt: d.createdAt,
      payload: ev.payload,
      lastAttempt: sql<Record<string, unknown> | null>`${lastAttempt}`,
    })
    .from(d)
    .innerJoin(ev, eq(ev.id, d.eventId))
    .innerJoin(webhookEndpoints, eq(webhookEndpoints.id, d.endpointId))
    .where(and(viewerDeliveries(viewer, endpointId), status ? eq(d.status, status) : undefined))
    .orderBy(desc(d.id))
    .limit(page.limit)
    .offset(page.offset);

export const deliveriesCountQuery = (db: DbOrTx, viewer: Viewer, endpointId: number, status: DeliveryStatus | undefined) =>
  db
    .select({ n: count() })
    .from(d)
    .innerJoin(webhookEndpoints, eq(webhookEndpoints.id, d.endpointId))
    .where(and(viewerDeliveries(viewer, endpointId), status ? eq(d.status, status) : undefined));

/** Every attempt of one delivery of the viewer's, oldest first. */
export const attemptsQuery = (db: DbOrTx, viewer: Viewer, endpointId: number, deliveryId: number) =>
  db
    .select({
      id: a.id,
      at: a.at,
      durationMs: a.durationMs,
      requestHeaders: a.requestHeaders,
      responseStatus: a.responseStatus,
      responseHeaders: a.responseHeaders,
      responseBody: a.responseBody,
      error: a.error,
    })
    .from(a)
    .innerJoin(d, eq(d.id, a.deliveryId))
    .innerJoin(webhookEndpoints, eq(webhookEndpoints.id, d.endpointId))
    .where(and(viewerDeliveries(viewer, endpointId), eq(d.id, deliveryId)))
    .orderBy(a.id);

/** Puts a delivery of the viewer's back in the queue from the start of the schedule (same message). */
export const replayDeliveryQuery = (db: DbOrTx, viewer: Viewer, endpointId: number, deliveryId: number) =>
  db
    .update(d)
    .set({ status: 'pending', attempts: 0, nextAttemptAt: sql`now()`, updatedAt: sql`now()` })
    .where(
      and(
        eq(d.id, deliveryId),
        eq(d.endpointId, endpointId),
        sql`${d.endpointId} in (select id from webhook_endpoints where ${webhookEndpointsFor(viewer, 'change') ?? sql`false`})`,
      ),
    )
    .returning({ id: d.id });

/** Deliveries of an endpoint still under way (a disabled endpoint's are closed as failed). */
export const pendingOfEndpointQuery = (db: DbOrTx, endpointId: number) =>
  db
    .select({ id: d.id })
    .from(d)
    .where(and(eq(d.endpointId, endpointId), eq(d.status, 'pending')));
