import { and, count, desc, eq, isNull } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { idParamSchema, listQuerySchema } from '@freightdesk/shared/schemas/common';
import { notifications } from '../../db/schema/notifications.ts';
import { requireUser } from '../../lib/access.ts';
import { notFound } from '../../lib/errors.ts';
import { pageWindow } from '../../lib/pagination.ts';
import { liveNotifications, toNotificationRow } from './notifications.live.ts';

/** `/api/notifications`: the caller's own notifications, newest first; new ones also arrive live. */
export async function notificationRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db } = app.deps.database;
  liveNotifications(fastify);
  const config = { access: 'authenticated' } as const;
  const tags = ['notifications'];
  const mine = (userId: number) => eq(notifications.userId, userId);

  app.get('/', { config, schema: { tags, querystring: listQuerySchema } }, async (request) => {
    const user = requireUser(request);
    const q = request.query;
    const [rows, [total]] = await Promise.all([
      db
        .select()
        .from(notifications)
        .where(mine(user.id))
        .orderBy(desc(notifications.id))
        .limit(pageWindow(q).limit)
        .offset(pageWindow(q).offset),
      db.select({ n: count() }).from(notifications).where(mine(user.id)),
    ]);
    return {
      data: rows.map(toNotificationRow),
      total: total?.n ?? 0,
      page: q.page,
      pageSize: q.pageSize,
    };
  });

  app.get('/unread-count', { config, schema: { tags } }, async (request) => {
    const [row] = await db
      .select({ n: count() })
      .from(notifications)
      .where(and(mine(requireUser(request).id), isNull(notifications.readAt)));
    return { data: { count: row?.n ?? 0 } };
  });

  app.post('/:id/read', { config, schema: { tags, params: idParamSchema } }, async (request) => {
    const [row] = await db
      .update(notifications)
      .set({ readAt: new Date() })
      .where(and(mine(requireUser(request).id), eq(notifications.id, request.params.id)))
      .returning({ id: notifications.id });
    if (!row) {
      throw notFound('Notification');
    }
    return { data: { id: row.id } };
  });

  app.post('/read-all', { config, schema: { tags } }, async (request) => {
    await db
      .update(notifications)
      .set({ readAt: new Date() })
      .where(and(mine(requireUser(request).id), isNull(notifications.readAt)));
    return { data: { count: 0 } };
  });
}
