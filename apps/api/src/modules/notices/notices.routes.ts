import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { countAnswer, whatsNewListAnswer } from '@freightdesk/shared/schemas/answers-admin';
import { listQuerySchema } from '@freightdesk/shared/schemas/common';
import { noticeInputSchema, noticeListQuerySchema, noticeSchema } from '@freightdesk/shared/schemas/notice';
import { requireUser } from '../../lib/access.ts';
import { registerResourceRoutes } from '../../lib/resource-routes.ts';
import { markAllRead, noticeResource, noticesFor, unreadCount } from './notices.service.ts';

/** `/api/admin/notices`: the platform admin writes and publishes What's new. */
export async function noticeAdminRoutes(fastify: FastifyInstance) {
  registerResourceRoutes(fastify, noticeResource, {
    tag: "what's new",
    admin: true,
    input: noticeInputSchema,
    answer: noticeSchema,
    listQuery: noticeListQuerySchema,
    exportColumns: [
      { key: 'title', label: 'Title' },
      { key: 'publishedAt', label: 'Published' },
      { key: 'status', label: 'Status' },
    ],
  });
}

/** `/api/whats-new`: what users read, with an unread count for the header. */
export async function noticeRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db } = app.deps.database;
  const tags = ["what's new"];
  const config = { access: { permission: 'list-whats-new' } } as const;
  app.get('', { config, schema: { tags, querystring: listQuerySchema, response: { 200: whatsNewListAnswer } } }, async (request) =>
    noticesFor(db, requireUser(request).id, request.query),
  );
  app.get('/unread-count', { config: { access: 'authenticated' }, schema: { tags, response: { 200: countAnswer } } }, async (request) => {
    const user = requireUser(request);
    return { data: { count: user.permissions.includes('list-whats-new') ? await unreadCount(db, user.id) : 0 } };
  });
  app.post('/read-all', { config, schema: { tags, response: { 200: countAnswer } } }, async (request) => {
    await markAllRead(db, requireUser(request).id);
    return { data: { count: 0 } };
  });
}
