import { and, eq, inArray, or, sql } from 'drizzle-orm';
import type { Permission } from '@freightdesk/shared/permissions';
import type { DbOrTx } from '../db/client.ts';
import { users } from '../db/schema/auth.ts';
import { notifications, pushSubscriptions } from '../db/schema/notifications.ts';
import { roles } from '../db/schema/tenancy.ts';
import { scheduleJob } from './jobs.ts';
import { PUSH_DELIVER_JOB } from './push.ts';

export type NotificationPayload = {
  title: string;
  msg: string;
  type: 'request' | 'order' | 'rfp' | 'indent';
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

/** A shipper's users who hold a permission: the owners, and staff whose active role grants it. */
export async function shipperUsersWith(db: DbOrTx, industryId: number, permission: Permission): Promise<number[]> {
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .leftJoin(roles, eq(roles.id, users.roleId))
    .where(
      and(
        eq(users.industryId, industryId),
        eq(users.status, 'active'),
        or(eq(users.userType, 3), and(eq(users.userType, 4), eq(roles.status, 'active'), sql`${permission} = any(${roles.permissions})`)),
      ),
    );
  return rows.map((r) => r.id);
}

/** Carrier users invited to a request, directly or through its groups. */
export async function invitedCarrierUsers(db: DbOrTx, requestId: number): Promise<number[]> {
  const rows = await db.execute(sql`
    select ic.id from industry_carriers ic where ic.id in (
      select industry_carrier_id from request_invites where request_id = ${requestId}
      union select m.industry_carrier_id from request_invite_groups g join carrier_group_members m on m.group_id = g.group_id where g.request_id = ${requestId})`);
  return carrierUsersOfLinks(
    db,
    (rows as unknown as { rows: { id: number }[] }).rows.map((r) => Number(r.id)),
  );
}
