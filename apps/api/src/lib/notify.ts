import { and, eq, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/client.ts';
import { users } from '../db/schema/auth.ts';
import { notifications, pushSubscriptions } from '../db/schema/notifications.ts';
import { scheduleJob } from './jobs.ts';
import { invitedLink } from './policy.ts';
import { PUSH_DELIVER_JOB } from './push.ts';

export type NotificationPayload = {
  title: string;
  msg: string;
  type: 'request' | 'order' | 'rfp' | 'indent' | 'invoice' | 'report';
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
  const rows = await db
    .insert(notifications)
    .values(unique.map((userId) => ({ userId, ...payload })))
    .returning({ id: notifications.id, userId: notifications.userId });
  for (let i = 0; i < rows.length; i += ANNOUNCE_CHUNK) {
    const pairs = rows.slice(i, i + ANNOUNCE_CHUNK).map((r) => [r.id, r.userId]);
    await db.execute(sql`select pg_notify(${NOTIFICATIONS_CHANNEL}, ${JSON.stringify(pairs)})`);
  }
  const [subscribed] = await db
    .select({ id: pushSubscriptions.id })
    .from(pushSubscriptions)
    .where(inArray(pushSubscriptions.userId, unique))
    .limit(1);
  const first = rows[0];
  if (subscribed && first) {
    await scheduleJob(db, PUSH_DELIVER_JOB, `${PUSH_DELIVER_JOB}:${first.id}`, new Date(), { ids: rows.map((r) => r.id) });
  }
}

/** Active users of the carrier companies behind these My Carriers links (blocked links excluded). */
export async function carrierUsersOfLinks(db: DbOrTx, linkIds: number[]): Promise<number[]> {
  if (!linkIds.length) {
    return [];
  }
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .where(
      and(
        eq(users.status, 'active'),
        eq(users.userType, 2),
        sql`${users.carrierId} in (select carrier_id from industry_carriers where status = 'active' and id in ${linkIds})`,
      ),
    );
  return rows.map((r) => r.id);
}

/** Active carrier users invited to a request (the policy's invitation rule: directly or by group, link active). */
export async function invitedCarrierUsers(db: DbOrTx, requestId: number): Promise<number[]> {
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .where(
      and(
        eq(users.status, 'active'),
        eq(users.userType, 2),
        sql`exists (select 1 from transport_requests where transport_requests.id = ${requestId}
          and ${invitedLink(sql`${users.carrierId}`)} is not null)`,
      ),
    );
  return rows.map((r) => r.id);
}
