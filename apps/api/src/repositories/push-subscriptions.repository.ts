import { and, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/client.ts';
import { users } from '../db/schema/auth.ts';
import { notifications, pushSubscriptions } from '../db/schema/notifications.ts';

/**
 * Push subscriptions (issue 32): a user's device tokens, and the pairs of a stored notification
 * with each subscription of its own user that Web Push delivers to.
 */

export type PushPair = {
  notification: typeof notifications.$inferSelect;
  subscription: typeof pushSubscriptions.$inferSelect;
  userType: number;
};

type SubscriptionValues = { userId: number; p256dh: string; auth: string; userAgent: string | null };

/** Saves the endpoint's subscription for the user (an endpoint saved by another user moves to this one). */
export async function upsertSubscription(db: DbOrTx, endpoint: string, values: SubscriptionValues): Promise<void> {
  await db
    .insert(pushSubscriptions)
    .values({ ...values, endpoint })
    .onConflictDoUpdate({ target: pushSubscriptions.endpoint, set: { ...values, failures: 0, updatedAt: new Date() } });
}

/** Deletes the subscription of this endpoint and both keys; how many went. */
export async function deleteSubscriptionByKeys(db: DbOrTx, sub: { endpoint: string; p256dh: string; auth: string }): Promise<number> {
  const removed = await db
    .delete(pushSubscriptions)
    .where(
      and(eq(pushSubscriptions.endpoint, sub.endpoint), eq(pushSubscriptions.p256dh, sub.p256dh), eq(pushSubscriptions.auth, sub.auth)),
    )
    .returning({ id: pushSubscriptions.id });
  return removed.length;
}

/** Each notification with every subscription of its user, and the user's type (for the link). */
const pairsQuery = (db: DbOrTx, where: SQL | undefined) =>
  db
    .select({ notification: notifications, subscription: pushSubscriptions, userType: users.userType })
    .from(notifications)
    .innerJoin(pushSubscriptions, eq(pushSubscriptions.userId, notifications.userId))
    .innerJoin(users, eq(users.id, notifications.userId))
    .where(where);

/** The pairs of these notifications. */
export const pushPairsQuery = (db: DbOrTx, notificationIds: number[]) => pairsQuery(db, inArray(notifications.id, notificationIds));

/** The one pair of a notification and a subscription, if both are still there and belong together. */
export const pushPairQuery = (db: DbOrTx, notificationId: number, subscriptionId: number) =>
  pairsQuery(db, and(eq(notifications.id, notificationId), eq(pushSubscriptions.id, subscriptionId)));

export async function deleteSubscription(db: DbOrTx, id: number): Promise<void> {
  await db.delete(pushSubscriptions).where(eq(pushSubscriptions.id, id));
}

export async function markSubscriptionSent(db: DbOrTx, id: number): Promise<void> {
  await db.update(pushSubscriptions).set({ failures: 0, lastSentAt: new Date() }).where(eq(pushSubscriptions.id, id));
}

export async function countSubscriptionFailure(db: DbOrTx, id: number): Promise<void> {
  await db
    .update(pushSubscriptions)
    .set({ failures: sql`${pushSubscriptions.failures} + 1` })
    .where(eq(pushSubscriptions.id, id));
}
