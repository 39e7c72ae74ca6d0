import { createECDH } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { notificationUrl, type PushMessage, type PushSubscriptionJson } from '@freightdesk/shared/schemas/push';
import type { Db } from '../../db/client.ts';
import { badRequest } from '../../lib/errors.ts';
import { scheduleJob } from '../../lib/jobs.ts';
import { type Outbound, OutboundRefused } from '../../lib/outbound.ts';
import { MAX_PAYLOAD_BYTES, PUSH_SEND_JOB, type PushSender } from '../../lib/push.ts';
import {
  countSubscriptionFailure,
  deleteSubscription,
  deleteSubscriptionByKeys,
  markSubscriptionSent,
  type PushPair,
  pushPairQuery,
  pushPairsQuery,
  upsertSubscription,
} from '../../repositories/push-subscriptions.repository.ts';

/** Parallel sends per batch, so one notify() to many users does not open hundreds of requests at once. */
const PARALLEL = 20;
/** A failed send is retried by its own job, first after this long, then with the job runner's backoff. */
const RETRY_AFTER_MS = 5000;

/**
 * Saves a device token (push subscription) for the user: one row per endpoint, so saving the same
 * subscription twice changes nothing, and an endpoint saved by another user moves to this one.
 * The endpoint must be one the server may call: a public https host (checked again at each send).
 */
export async function saveSubscription(
  db: Db,
  outbound: Pick<Outbound, 'check'>,
  userId: number,
  sub: PushSubscriptionJson,
  userAgent?: string,
): Promise<void> {
  try {
    // A key that is not a point on P-256 would fail every encryption later: refuse it now.
    const probe = createECDH('prime256v1');
    probe.generateKeys();
    probe.computeSecret(Buffer.from(sub.keys.p256dh, 'base64url'));
  } catch {
    throw badRequest('token', 'token keys.p256dh is not a valid P-256 public key');
  }
  try {
    await outbound.check(sub.endpoint);
  } catch (err) {
    if (err instanceof OutboundRefused) {
      throw badRequest('token', `token endpoint ${err.message}`);
    }
    throw err;
  }
  const values = { userId, p256dh: sub.keys.p256dh, auth: sub.keys.auth, userAgent: userAgent?.slice(0, 300) ?? null };
  await upsertSubscription(db, sub.endpoint, values);
}

/** Removes a subscription; holding its endpoint and both keys is the proof it is the caller's. */
export async function removeSubscription(db: Db, sub: PushSubscriptionJson): Promise<number> {
  return deleteSubscriptionByKeys(db, { endpoint: sub.endpoint, p256dh: sub.keys.p256dh, auth: sub.keys.auth });
}

type Pair = PushPair;

/** The push message body (see PushMessage); an over-long msg is shortened to fit a push record. */
export function pushMessage(n: Pair['notification'], userType: number): string {
  const build = (msg: string) => {
    const message: PushMessage = {
      data: { title: n.title, msg, type: n.type, referId: n.referId, requestType: n.requestType },
      notificationId: n.id,
      url: notificationUrl(userType, n),
    };
    return JSON.stringify(message);
  };
  let keep = n.msg.length;
  let json = build(n.msg);
  while (Buffer.byteLength(json) > MAX_PAYLOAD_BYTES && keep > 0) {
    keep = Math.max(0, keep - (Buffer.byteLength(json) - MAX_PAYLOAD_BYTES) - 1);
    json = build(`${n.msg.slice(0, keep)}…`);
  }
  return json;
}

type Log = Pick<FastifyBaseLogger, 'warn'>;

/**
 * One send: 2xx delivered; 404/410 the subscription is gone, and so is one whose endpoint now
 * points where the server may not call (rebinding); else counted, and retried when it may pass later.
 */
function pushAttempt(db: Db, sender: PushSender, log: Log) {
  return async ({ notification, subscription, userType }: Pair): Promise<'sent' | 'gone' | 'retry' | 'refused'> => {
    let status = 0;
    let reason = '';
    try {
      ({ status } = await sender.send(subscription, pushMessage(notification, userType)));
    } catch (err) {
      if (err instanceof OutboundRefused) {
        // Permanent: retrying would only knock on the same door; the row goes, so this logs once.
        log.warn(
          { reason: err.reason, subscription: subscription.id },
          'push endpoint refused by the outbound rules; subscription removed',
        );
        await deleteSubscription(db, subscription.id);
        return 'gone';
      }
      reason = err instanceof Error ? err.message : String(err);
    }
    if (status >= 200 && status < 300) {
      await markSubscriptionSent(db, subscription.id);
      return 'sent';
    }
    if (status === 404 || status === 410) {
      await deleteSubscription(db, subscription.id);
      return 'gone';
    }
    await countSubscriptionFailure(db, subscription.id);
    if (status === 0 || status === 408 || status === 429 || status >= 500) {
      return 'retry';
    }
    // 400, 401, 403, 413…: the message or our credentials were refused; sending it again will not help.
    log.warn({ status, reason, subscription: subscription.id, notification: notification.id }, 'push refused');
    return 'refused';
  };
}

/**
 * Delivery of stored notifications as Web Push. `deliver` (job push.deliver, scheduled by notify()
 * in the event's transaction) sends a batch to every subscription of its users; a send that fails
 * for a reason worth retrying gets its own push.send job, so the retry does not repeat the others.
 */
export function createPushDelivery(db: Db, sender: PushSender, log: Log) {
  const attempt = pushAttempt(db, sender, log);
  return {
    async deliver(payload: Record<string, unknown>) {
      const ids = (Array.isArray(payload.ids) ? payload.ids : []).map(Number).filter(Number.isInteger);
      if (!ids.length) {
        return;
      }
      const todo = await pushPairsQuery(db, ids);
      for (let i = 0; i < todo.length; i += PARALLEL) {
        await Promise.all(
          todo.slice(i, i + PARALLEL).map(async (pair) => {
            if ((await attempt(pair)) === 'retry') {
              const key = `${PUSH_SEND_JOB}:${pair.notification.id}:${pair.subscription.id}`;
              await scheduleJob(db, PUSH_SEND_JOB, key, new Date(Date.now() + RETRY_AFTER_MS), {
                notificationId: pair.notification.id,
                subscriptionId: pair.subscription.id,
              });
            }
          }),
        );
      }
    },
    /** Job push.send: one more try; throwing lets the job runner back off and try again. */
    async retry(payload: Record<string, unknown>) {
      const [pair] = await pushPairQuery(db, Number(payload.notificationId), Number(payload.subscriptionId));
      // Gone meanwhile (unsubscribed, moved to another user): nothing to send.
      if (pair && (await attempt(pair)) === 'retry') {
        throw new Error('the push service did not take the message; retrying');
      }
    },
  };
}
