import { and, count, desc, eq, inArray, isNull } from 'drizzle-orm';
import type { DbOrTx } from '../db/client.ts';
import { notifications } from '../db/schema/notifications.ts';

/** In-app notifications (issue 32): a user reads and marks only their own (`mine`). */

export type NotificationRecord = typeof notifications.$inferSelect;

const mine = (userId: number) => eq(notifications.userId, userId);

/** A page of the user's notifications, newest first. */
export const userNotificationsQuery = (db: DbOrTx, userId: number, limit: number, offset: number) =>
  db.select().from(notifications).where(mine(userId)).orderBy(desc(notifications.id)).limit(limit).offset(offset);

export async function userNotificationCount(db: DbOrTx, userId: number): Promise<number> {
  const [total] = await db.select({ n: count() }).from(notifications).where(mine(userId));
  return total?.n ?? 0;
}

/** The user's unread notifications, counted. */
export const unreadNotificationsQuery = (db: DbOrTx, userId: number) =>
  db
    .select({ n: count() })
    .from(notifications)
    .where(and(mine(userId), isNull(notifications.readAt)));

export async function unreadNotificationCount(db: DbOrTx, userId: number): Promise<number> {
  const [row] = await unreadNotificationsQuery(db, userId);
  return row?.n ?? 0;
}

/** Marks the user's notification read: its id, or undefined when the user has no such notification. */
export async function markNotificationRead(db: DbOrTx, userId: number, id: number): Promise<number | undefined> {
  const [row] = await db
    .update(notifications)
    .set({ readAt: new Date() })
    .where(and(mine(userId), eq(notifications.id, id)))
    .returning({ id: notifications.id });
  return row?.id;
}

export async function markAllNotificationsRead(db: DbOrTx, userId: number): Promise<void> {
  await db
    .update(notifications)
    .set({ readAt: new Date() })
    .where(and(mine(userId), isNull(notifications.readAt)));
}

/** Notifications by id (a committed notify() batch, for the live channel). */
export const notificationsByIdQuery = (db: DbOrTx, ids: number[]) => db.select().from(notifications).where(inArray(notifications.id, ids));

/** Each of these users' unread notifications, counted. */
export const unreadByUserQuery = (db: DbOrTx, userIds: number[]) =>
  db
    .select({ userId: notifications.userId, n: count() })
    .from(notifications)
    .where(and(inArray(notifications.userId, userIds), isNull(notifications.readAt)))
    .groupBy(notifications.userId);
