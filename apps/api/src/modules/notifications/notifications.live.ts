import { and, count, inArray, isNull } from 'drizzle-orm';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type pg from 'pg';
import { NOTIFICATION_EVENT, type NotificationEvent, type NotificationRow } from '@freightdesk/shared/schemas/push';
import type { Database } from '../../db/client.ts';
import { notifications } from '../../db/schema/notifications.ts';
import { NOTIFICATIONS_CHANNEL } from '../../lib/notify.ts';

const RECONNECT_MS = 2000;

type Log = Pick<FastifyBaseLogger, 'warn'>;

/** A stored notification as the API answers it. */
export function toNotificationRow(n: typeof notifications.$inferSelect): NotificationRow {
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
 * LISTENs on a channel. PGlite delivers to its own listeners; on PostgreSQL one pooled connection
 * is held for it and re-opened after a connection loss (announcements in between are missed; the
 * app's slow poll and its refetch on reconnect cover them).
 */
async function listen(database: Database, channel: string, onPayload: (payload: string) => void, log: Log) {
  if (database.client) {
    const unlisten = await database.client.listen(channel, onPayload);
    return { close: unlisten };
  }
  // Drizzle's node-postgres database keeps its pool as $client.
  const pool = (database.db as unknown as { $client: pg.Pool }).$client;
  let held: pg.PoolClient | undefined;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let closed = false;
  const retry = () => {
    if (!closed) {
      timer = setTimeout(() => void connect(), RECONNECT_MS);
      timer.unref();
    }
  };
  const connect = async () => {
    let c: pg.PoolClient;
    try {
      c = await pool.connect();
    } catch (err) {
      log.warn({ err: (err as Error).message }, 'live notifications: cannot reach the database; retrying');
      retry();
      return;
    }
    c.on('notification', (m) => {
      if (m.channel === channel && m.payload) {
        onPayload(m.payload);
      }
    });
    c.on('error', (err) => {
      if (held === c) {
        held = undefined;
        log.warn({ err: err.message }, 'live notifications: listener connection lost; reconnecting');
        c.release(err);
        retry();
      }
    });
    try {
      await c.query(`listen ${channel}`);
    } catch (err) {
      c.release(err as Error);
      retry();
      return;
    }
    if (closed) {
      c.release();
      return;
    }
    held = c;
  };
  await connect();
  return {
    async close() {
      closed = true;
      clearTimeout(timer);
      const c = held;
      held = undefined;
      c?.release();
    },
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
      db
        .select()
        .from(notifications)
        .where(
          inArray(
            notifications.id,
            pairs.map(([id]) => id),
          ),
        ),
      db
        .select({ userId: notifications.userId, n: count() })
        .from(notifications)
        .where(and(inArray(notifications.userId, userIds), isNull(notifications.readAt)))
        .groupBy(notifications.userId),
    ]);
    const unreadOf = new Map(unread.map((u) => [u.userId, u.n]));
    for (const n of rows) {
      const event: NotificationEvent = { notification: toNotificationRow(n), unread: unreadOf.get(n.userId) ?? 0 };
      realtime.toUserHere(n.userId, NOTIFICATION_EVENT, event);
    }
  };
  let listener: { close: () => Promise<void> } | undefined;
  app.addHook('onReady', async () => {
    listener = await listen(
      database,
      NOTIFICATIONS_CHANNEL,
      (payload) => {
        announce(payload).catch((err: unknown) => app.log.warn({ err }, 'live notification failed'));
      },
      app.log,
    );
  });
  app.addHook('onClose', async () => {
    await listener?.close();
  });
}
