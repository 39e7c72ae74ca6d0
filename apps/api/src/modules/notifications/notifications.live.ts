import type { FastifyInstance } from 'fastify';
import { NOTIFICATION_EVENT, type NotificationEvent, type NotificationRow } from '@freightdesk/shared/schemas/push';
import { NOTIFICATIONS_CHANNEL } from '../../lib/notify.ts';
import { type NotificationRecord, notificationsByIdQuery, unreadByUserQuery } from '../../repositories/notifications.repository.ts';

/** A stored notification as the API answers it. */
export function toNotificationRow(n: NotificationRecord): NotificationRow {
  return {
    id: n.id,
    title: n.title,
    msg: n.msg,
    type: n.type,
    referId: n.referId,
    requestType: n.requestType,
    readAt: n.readAt?.toISOString() ?? null,
    createdAt: n.createdAt.toISOString(),
  };
}

/**
 * Live in-app notifications: when a notify() batch commits, each API process sends event
 * `notification` (the row and the user's new unread count) to its own sockets of those users.
 */
export function liveNotifications(app: FastifyInstance): void {
  const { database, realtime } = app.deps;
  const { db } = database;
  const announce = async (payload: string) => {
    const pairs = (JSON.parse(payload) as [number, number][]).filter(([, userId]) => realtime.isUserHere(userId));
    if (!pairs.length) {
      return;
    }
    const userIds = [...new Set(pairs.map(([, userId]) => userId))];
    const [rows, unread] = await Promise.all([
      notificationsByIdQuery(
        db,
        pairs.map(([id]) => id),
      ),
      unreadByUserQuery(db, userIds),
    ]);
    const unreadOf = new Map(unread.map((u) => [u.userId, u.n]));
    for (const n of rows) {
      const event: NotificationEvent = { notification: toNotificationRow(n), unread: unreadOf.get(n.userId) ?? 0 };
      realtime.toUserHere(n.userId, NOTIFICATION_EVENT, event);
    }
  };
  app.deps.listener.on(NOTIFICATIONS_CHANNEL, (payload) => {
    announce(payload).catch((err: unknown) => app.log.warn({ err }, 'live notification failed'));
  });
}
