import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { countAnswer, notificationListAnswer, notificationReadAnswer } from '@freightdesk/shared/schemas/answers-admin';
import { idParamSchema, listQuerySchema } from '@freightdesk/shared/schemas/common';
import { requireUser } from '../../lib/access.ts';
import { notFound } from '../../lib/errors.ts';
import { pageWindow } from '../../repositories/common/pagination.ts';
import {
  markAllNotificationsRead,
  markNotificationRead,
  unreadNotificationCount,
  userNotificationCount,
  userNotificationsQuery,
} from '../../repositories/notifications.repository.ts';
import { liveNotifications, toNotificationRow } from './notifications.live.ts';

/** `/api/notifications`: the caller's own notifications, newest first; new ones also arrive live. */
export async function notificationRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db } = app.deps.database;
  liveNotifications(fastify);
  const config = { access: 'authenticated' } as const;
  const tags = ['notifications'];

  app.get('', { config, schema: { tags, querystring: listQuerySchema, response: { 200: notificationListAnswer } } }, async (request) => {
    const user = requireUser(request);
    const q = request.query;
    const [rows, total] = await Promise.all([
      userNotificationsQuery(db, user.id, pageWindow(q).limit, pageWindow(q).offset),
      userNotificationCount(db, user.id),
    ]);
    return {
      data: rows.map(toNotificationRow),
      total,
      page: q.page,
      pageSize: q.pageSize,
    };
  });

  app.get('/unread-count', { config, schema: { tags, response: { 200: countAnswer } } }, async (request) => {
    return { data: { count: await unreadNotificationCount(db, requireUser(request).id) } };
  });

  app.post('/:id/read', { config, schema: { tags, params: idParamSchema, response: { 200: notificationReadAnswer } } }, async (request) => {
    const id = await markNotificationRead(db, requireUser(request).id, request.params.id);
    if (id === undefined) {
      throw notFound('Notification');
    }
    return { data: { id } };
  });

  app.post('/read-all', { config, schema: { tags, response: { 200: countAnswer } } }, async (request) => {
    await markAllNotificationsRead(db, requireUser(request).id);
    return { data: { count: 0 } };
  });
}
