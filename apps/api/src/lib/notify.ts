import type { DbOrTx } from '../db/client.ts';
import { anyPushSubscription, insertNotifications, pgNotify } from '../repositories/notify.repository.ts';
import { scheduleJob } from './jobs.ts';
import { PUSH_DELIVER_JOB } from './push.ts';

export { carrierUsersByLink, carrierUsersOfLinks, invitedCarrierUsers } from '../repositories/notify.repository.ts';

export type NotificationPayload = {
  title: string;
  msg: string;
  type: 'request' | 'order' | 'rfp' | 'indent' | 'invoice' | 'report' | 'webhook';
  referId: number;
  requestType: number;
};

/**
 * The PostgreSQL channel a notify() batch is announced on, as JSON `[[notificationId, userId], …]`.
 * NOTIFY is delivered only when the transaction commits, so it is the after-commit hook of the
 * live events: every API process listens and tells its own sockets (modules/notifications).
 */
export const NOTIFICATIONS_CHANNEL = 'fd_notifications';
// NOTIFY payloads stop at 8000 bytes; 300 pairs of 7-digit ids stay well below.
const ANNOUNCE_CHUNK = 300;

/**
 * Stores a notification for each user (in the transaction of the event it tells about), announces
 * it to the open apps after commit, and, when any of the users has a push subscription, schedules
 * the durable Web Push delivery in the same transaction.
 */
export async function notify(db: DbOrTx, userIds: number[], payload: NotificationPayload): Promise<void> {
  const unique = [...new Set(userIds)];
  if (!unique.length) {
    return;
  }
  const rows = await insertNotifications(db, unique, payload);
  for (let i = 0; i < rows.length; i += ANNOUNCE_CHUNK) {
    const pairs = rows.slice(i, i + ANNOUNCE_CHUNK).map((r) => [r.id, r.userId]);
    await pgNotify(db, NOTIFICATIONS_CHANNEL, JSON.stringify(pairs));
  }
  const subscribed = await anyPushSubscription(db, unique);
  const first = rows[0];
  if (subscribed && first) {
    await scheduleJob(db, PUSH_DELIVER_JOB, `${PUSH_DELIVER_JOB}:${first.id}`, new Date(), { ids: rows.map((r) => r.id) });
  }
}
