import { desc, eq, ilike, or, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idParamSchema, listQuerySchema, statusSchema } from '@freightdesk/shared/schemas/common';
import type { OutboxMail } from '@freightdesk/shared/schemas/outbox';
import { users } from '../../db/schema/auth.ts';
import { outbox } from '../../db/schema/system.ts';
import { requireUser } from '../../lib/access.ts';
import { writeAudit } from '../../lib/audit.ts';
import { badRequest, notFound } from '../../lib/errors.ts';
import { cappedPage, countUpTo } from '../../lib/list-page.ts';
import { likePattern } from '../../lib/pagination.ts';
import { revokeSessions } from '../../lib/sessions.ts';

/** Platform admin (user type 1) endpoints. */
export async function adminRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db } = app.deps.database;
  const admin = { access: { userTypes: [1] } } as const;
  const tags = ['admin'];

  /** Mails sent or kept, newest first; `search` looks in the recipient and the subject. */
  app.get('/outbox', { config: admin, schema: { tags, querystring: listQuerySchema } }, async (request) => {
    const q = request.query;
    const where = q.search ? or(ilike(outbox.to, likePattern(q.search)), ilike(outbox.subject, likePattern(q.search))) : undefined;
    const toMail = (m: typeof outbox.$inferSelect): OutboxMail => ({
      ...m,
      createdAt: m.createdAt.toISOString(),
      sentAt: m.sentAt ? m.sentAt.toISOString() : null,
    });
    return cappedPage(
      q,
      async (limit, offset) =>
        (await db.select().from(outbox).where(where).orderBy(desc(outbox.id)).limit(limit).offset(offset)).map(toMail),
      countUpTo(
        db,
        db
          .select({ one: sql`1`.as('one') })
          .from(outbox)
          .where(where)
          .orderBy(desc(outbox.id))
          .$dynamic(),
      ),
    );
  });

  app.post(
    '/users/:id/status',
    { config: admin, schema: { tags, params: idParamSchema, body: z.object({ status: statusSchema }) } },
    async (request) => {
      const actor = requireUser(request);
      if (request.params.id === actor.id) {
        throw badRequest('id', 'You cannot change your own status.');
      }
      const updated = await db.transaction(async (tx) => {
        const [before] = await tx.select({ status: users.status }).from(users).where(eq(users.id, request.params.id));
        if (!before) {
          throw notFound('User');
        }
        await tx.update(users).set({ status: request.body.status, updatedAt: new Date() }).where(eq(users.id, request.params.id));
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
