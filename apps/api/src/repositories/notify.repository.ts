import { and, eq, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/client.ts';
import { users } from '../db/schema/auth.ts';
import { industryCarriers } from '../db/schema/tenancy.ts';
import { notifications, pushSubscriptions } from '../db/schema/notifications.ts';
import type { NotificationPayload } from '../lib/notify.ts';
import { invitedLink } from '../lib/policy.ts';

/** Stores one notification per user; answers each row's id and user. */
export function insertNotifications(db: DbOrTx, userIds: number[], payload: NotificationPayload) {
  return db
    .insert(notifications)
    .values(userIds.map((userId) => ({ userId, ...payload })))
    .returning({ id: notifications.id, userId: notifications.userId });
}

/** Announces a payload on a PostgreSQL channel (delivered on commit). */
export async function pgNotify(db: DbOrTx, channel: string, payload: string): Promise<void> {
  await db.execute(sql`select pg_notify(${channel}, ${payload})`);
}

/** Whether any of these users has a push subscription. */
export async function anyPushSubscription(db: DbOrTx, userIds: number[]): Promise<boolean> {
  const [subscribed] = await db
    .select({ id: pushSubscriptions.id })
    .from(pushSubscriptions)
    .where(inArray(pushSubscriptions.userId, userIds))
    .limit(1);
  return subscribed !== undefined;
}

/** Active users of the carrier companies behind these My Carriers links (blocked links excluded). */
export async function carrierUsersOfLinks(db: DbOrTx, linkIds: number[]): Promise<number[]> {
  const byLink = await carrierUsersByLink(db, linkIds);
  return [...new Set([...byLink.values()].flat())];
}

/**
 * The same users, by the link they are reached through, in one statement: a bid batch tells each
 * carrier it pushed off first place (bid-batch.ts), where a query a link cost a round trip each
 * inside the request's lock.
 */
export async function carrierUsersByLink(db: DbOrTx, linkIds: number[]): Promise<Map<number, number[]>> {
  const byLink = new Map<number, number[]>();
  if (!linkIds.length) {
    return byLink;
  }
  const rows = await db
    .select({ id: users.id, link: industryCarriers.id })
    .from(users)
    .innerJoin(
      industryCarriers,
      and(eq(industryCarriers.carrierId, users.carrierId), eq(industryCarriers.status, 'active'), inArray(industryCarriers.id, linkIds)),
    )
    .where(and(eq(users.status, 'active'), eq(users.userType, 2)))
    .orderBy(users.id);
  for (const row of rows) {
    const ids = byLink.get(row.link) ?? [];
    ids.push(row.id);
    byLink.set(row.link, ids);
  }
  return byLink;
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
