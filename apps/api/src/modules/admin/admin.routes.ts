import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { outboxListAnswer, userStatusAnswer } from '@freightdesk/shared/schemas/answers-admin';
import { idParamSchema, listQuerySchema, statusSchema } from '@freightdesk/shared/schemas/common';
import type { OutboxMail } from '@freightdesk/shared/schemas/outbox';
import { requireUser } from '../../lib/access.ts';
import { writeAudit } from '../../repositories/audit.repository.ts';
import { badRequest, notFound } from '../../lib/errors.ts';
import { cappedPage, countUpTo } from '../../repositories/common/list-page.ts';
import { revokeSessions } from '../../repositories/sessions.repository.ts';
import { type OutboxRecord, outboxCounted, outboxPageQuery } from '../../repositories/outbox.repository.ts';
import { setUserStatus, userStatus } from '../../repositories/user-accounts.repository.ts';

/** Platform admin (user type 1) endpoints. */
export async function adminRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db } = app.deps.database;
  const admin = { access: { userTypes: [1] } } as const;
  const tags = ['admin'];

  /** Mails sent or kept, newest first; `search` looks in the recipient and the subject. */
  const outbox = { tags, querystring: listQuerySchema, response: { 200: outboxListAnswer } };
  app.get('/outbox', { config: admin, schema: outbox }, async (request) => {
    const q = request.query;
    const toMail = (m: OutboxRecord): OutboxMail => ({
      ...m,
      createdAt: m.createdAt.toISOString(),
      sentAt: m.sentAt ? m.sentAt.toISOString() : null,
    });
    return cappedPage(
      q,
      async (limit, offset) => (await outboxPageQuery(db, q.search, limit, offset)).map(toMail),
      countUpTo(db, outboxCounted(db, q.search)),
    );
  });

  app.post(
    '/users/:id/status',
    {
      config: admin,
      schema: { tags, params: idParamSchema, body: z.object({ status: statusSchema }), response: { 200: userStatusAnswer } },
    },
    async (request) => {
      const actor = requireUser(request);
      if (request.params.id === actor.id) {
        throw badRequest('id', 'You cannot change your own status.');
      }
      const updated = await db.transaction(async (tx) => {
        const before = await userStatus(tx, request.params.id);
        if (!before) {
          throw notFound('User');
        }
        await setUserStatus(tx, request.params.id, request.body.status);
        await writeAudit(tx, {
          industryId: null,
          actorUserId: actor.id,
          entity: 'user',
          entityId: request.params.id,
          action: 'status',
          from: before.status,
          to: request.body.status,
        });
        return before;
      });
      if (request.body.status === 'inactive') {
        await revokeSessions(db, { userId: request.params.id });
      }
      return { data: { id: request.params.id, status: request.body.status, previous: updated.status } };
    },
  );
}
