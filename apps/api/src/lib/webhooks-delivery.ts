import type { FastifyBaseLogger } from 'fastify';
import type { Db, DbOrTx } from '../db/client.ts';
import {
  deliveryForJobQuery,
  earlierPendingQuery,
  insertAttemptQuery,
  nextInChainQuery,
  setDeliveryQuery,
} from '../repositories/webhook-deliveries.repository.ts';
import {
  companyManagersQuery,
  disableEndpointQuery,
  type EndpointRow,
  endpointForDeliveryQuery,
  noteEndpointFailureQuery,
  noteEndpointSuccessQuery,
} from '../repositories/webhook-endpoints.repository.ts';
import { type JobContext, scheduleJob } from './jobs.ts';
import { notify } from './notify.ts';
import type { Outbound } from './outbound.ts';
import { deliveryJobKey, WEBHOOK_DELIVER_JOB, webhookHeaders } from './webhooks.ts';

/**
 * Sends webhook deliveries (job webhook.deliver, one job per delivery; record 0288). Retries follow
 * Svix's schedule, 8 attempts over about 27 hours; deliveries of one order to one endpoint go in
 * order; an endpoint failing every attempt for 5 days is disabled and its company told.
 */

/** Wait before attempt n+1 (index n = attempts made): now, 5 s, 5 min, 30 min, 2 h, 5 h, 10 h, 10 h. */
export const RETRY_SCHEDULE_MS = [0, 5_000, 300_000, 1_800_000, 7_200_000, 18_000_000, 36_000_000, 36_000_000];
export const MAX_ATTEMPTS = RETRY_SCHEDULE_MS.length;
export const DISABLE_AFTER_MS = 5 * 24 * 3600 * 1000;
/** A delivery waiting for an earlier one of its order checks again after this, at the latest. */
const CHAIN_WAIT_MS = 10 * 60_000;
const ATTEMPT_TIMEOUT_MS = 15_000;
const LOGGED_BODY_BYTES = 4096;

type Log = Pick<FastifyBaseLogger, 'warn'>;
type Delivery = NonNullable<Awaited<ReturnType<typeof deliveryForJobQuery>>[0]>;
type Outcome = { status: number | null; headers: Record<string, string>; body: string; error: string | null; durationMs: number };

/** The secrets that sign now: the current one, and the one before it while it is still valid. */
export function signingSecrets(endpoint: Pick<EndpointRow, 'secret' | 'previousSecret' | 'previousSecretUntil'>, now = new Date()) {
  const previous = endpoint.previousSecret && endpoint.previousSecretUntil && endpoint.previousSecretUntil > now;
  return previous && endpoint.previousSecret ? [endpoint.secret, endpoint.previousSecret] : [endpoint.secret];
}

const flatHeaders = (headers: Record<string, string | string[] | undefined>) =>
  Object.fromEntries(Object.entries(headers).flatMap(([k, v]) => (v === undefined ? [] : [[k, Array.isArray(v) ? v.join(', ') : v]])));

/** One POST of the message, through the outbound client's user door (public https only). */
async function send(outbound: Outbound, endpoint: EndpointRow, delivery: Delivery, signal: AbortSignal) {
  const body = JSON.stringify(delivery.payload);
  const headers = {
    'content-type': 'application/json',
    'user-agent': 'Freightdesk-Webhooks/1',
    ...webhookHeaders(signingSecrets(endpoint), delivery.messageId, Math.floor(Date.now() / 1000), body),
  };
  const started = Date.now();
  let outcome: Omit<Outcome, 'durationMs'>;
  try {
    signal.throwIfAborted();
    const res = await outbound.request(endpoint.url, { method: 'POST', headers, body, timeoutMs: ATTEMPT_TIMEOUT_MS });
    const text = res.body.subarray(0, LOGGED_BODY_BYTES).toString('utf8');
    outcome = { status: res.status, headers: flatHeaders(res.headers), body: text, error: null };
  } catch (err) {
    outcome = { status: null, headers: {}, body: '', error: err instanceof Error ? err.message : String(err) };
  }
  return { headers, outcome: { ...outcome, durationMs: Date.now() - started } };
}

const succeeded = (o: Outcome) => o.status !== null && o.status >= 200 && o.status < 300;

/** The next delivery of the same order to the same endpoint, waiting for this one, goes now. */
async function advanceChain(tx: DbOrTx, delivery: Pick<Delivery, 'id' | 'endpointId' | 'orderId'>) {
  if (delivery.orderId === null) {
    return;
  }
  const [next] = await nextInChainQuery(tx, { ...delivery, orderId: delivery.orderId });
  if (next) {
    await scheduleJob(tx, WEBHOOK_DELIVER_JOB, deliveryJobKey(next.id), new Date(), { deliveryId: next.id });
  }
}

/** Counts a failed attempt against the endpoint; after 5 days of nothing but failures it is disabled. */
async function noteFailure(tx: DbOrTx, endpoint: EndpointRow) {
  const [row] = await noteEndpointFailureQuery(tx, endpoint.id);
  if (!row?.failingSince || Date.now() - row.failingSince.getTime() < DISABLE_AFTER_MS) {
    return;
  }
  const reason = `Every delivery attempt failed since ${row.failingSince.toISOString()}`;
  const [disabled] = await disableEndpointQuery(tx, endpoint.id, reason);
  if (disabled) {
    const users = (await companyManagersQuery(tx, endpoint)).map((u) => u.id);
    await notify(tx, users, {
      title: 'Webhook endpoint disabled',
      msg: `${endpoint.url} failed every delivery for 5 days and was disabled. Fix it, enable it again and replay what it missed.`,
      type: 'webhook',
      referId: endpoint.id,
      requestType: 1,
    });
  }
}

/** Stores the attempt and what follows from it: done, the next try, or failed for good. */
async function settle(db: Db, endpoint: EndpointRow, delivery: Delivery, attempt: Awaited<ReturnType<typeof send>>, job: JobContext) {
  const { outcome } = attempt;
  const attempts = delivery.attempts + 1;
  await db.transaction(async (tx) => {
    await insertAttemptQuery(tx, {
      deliveryId: delivery.id,
      durationMs: outcome.durationMs,
      url: endpoint.url,
      requestHeaders: attempt.headers,
      responseStatus: outcome.status,
      responseHeaders: outcome.headers,
      responseBody: outcome.body,
      error: outcome.error,
    });
    if (succeeded(outcome)) {
      await setDeliveryQuery(tx, delivery.id, 'succeeded', attempts, null);
      await noteEndpointSuccessQuery(tx, endpoint.id);
      await advanceChain(tx, delivery);
      return;
    }
    const wait = RETRY_SCHEDULE_MS[attempts];
    const next = wait === undefined ? null : new Date(Date.now() + wait);
    await setDeliveryQuery(tx, delivery.id, next ? 'pending' : 'failed', attempts, next);
    if (next) {
      job.runAgainAt(next);
    } else {
      await advanceChain(tx, delivery);
    }
    await noteFailure(tx, endpoint);
  });
}

/** Closes a delivery that can no longer go (its endpoint was disabled or deleted). */
async function close(db: Db, delivery: Delivery) {
  await db.transaction(async (tx) => {
    await setDeliveryQuery(tx, delivery.id, 'failed', delivery.attempts, null);
    await advanceChain(tx, delivery);
  });
}

/** The job handler: one attempt of one delivery, unless an earlier one of its order is still under way. */
export function createWebhookDelivery(db: Db, outbound: Outbound, log: Log, counted?: (ok: boolean) => void) {
  return async (payload: Record<string, unknown>, job: JobContext): Promise<void> => {
    const [delivery] = await deliveryForJobQuery(db, Number(payload.deliveryId));
    if (delivery?.status !== 'pending') {
      return;
    }
    const [endpoint] = await endpointForDeliveryQuery(db, delivery.endpointId);
    if (!endpoint?.enabled) {
      await close(db, delivery);
      return;
    }
    if (delivery.orderId !== null && (await earlierPendingQuery(db, { ...delivery, orderId: delivery.orderId })).length) {
      job.runAgainAt(new Date(Date.now() + CHAIN_WAIT_MS));
      return;
    }
    const attempt = await send(outbound, endpoint, delivery, job.signal);
    counted?.(succeeded(attempt.outcome));
    if (!succeeded(attempt.outcome)) {
      log.warn({ delivery: delivery.id, status: attempt.outcome.status, error: attempt.outcome.error }, 'webhook attempt failed');
    }
    await settle(db, endpoint, delivery, attempt, job);
  };
}
