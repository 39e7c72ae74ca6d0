import { messageAnswer, resetTokenAnswer, sessionAnswer } from '@freightdesk/shared/schemas/answers-masters-account';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { forgotPasswordBodySchema, loginBodySchema, resetPasswordBodySchema } from '@freightdesk/shared/schemas/auth';
import { linkBaseUrl } from '../../config.ts';
import { requireUser } from '../../lib/access.ts';
import { login, logout } from './auth.service.ts';
import { checkResetToken, mailResetLink, RESET_MAIL_JOB, requestPasswordReset, resetPassword } from './password-links.ts';

export async function authRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db } = app.deps.database;
  const tags = ['auth'];
  app.deps.jobs.register(RESET_MAIL_JOB, (payload) =>
    mailResetLink(db, app.deps.mailer, linkBaseUrl(app.deps.config), String(payload.email)),
  );

  app.post(
    '/auth/login',
    { config: { access: 'public' }, schema: { tags, body: loginBodySchema, security: [], response: { 200: sessionAnswer } } },
    async (request) => {
      const data = await login(
        db,
        request.body,
        { ip: request.ip, userAgent: request.headers['user-agent'] },
        app.deps.config.sessionTtlHours,
      );
      return { data };
    },
  );

  app.post('/auth/logout', { config: { access: 'authenticated' }, schema: { tags, response: { 200: messageAnswer } } }, async (request) => {
    await logout(db, requireUser(request).sessionId);
    return { data: { message: 'You are logged out.' } };
  });

  app.post(
    '/auth/forgot-password',
    { config: { access: 'public' }, schema: { tags, body: forgotPasswordBodySchema, security: [], response: { 200: messageAnswer } } },
    async (request) => {
      // The lookup and the mail run in a job after this answer: the same answer, as fast, for any address.
      await requestPasswordReset(db, request.ip, request.body.email);
      return { data: { message: 'If an account uses this address, a reset link is on its way. It works for one hour.' } };
    },
  );

  app.get(
    '/auth/reset-password/:token',
    {
      config: { access: 'public' },
      schema: { tags, params: z.object({ token: z.string().max(200) }), security: [], response: { 200: resetTokenAnswer } },
    },
    async (request) => ({ data: await checkResetToken(db, request.params.token) }),
  );

  app.post(
    '/auth/reset-password',
    { config: { access: 'public' }, schema: { tags, body: resetPasswordBodySchema, security: [], response: { 200: messageAnswer } } },
    async (request) => {
      await resetPassword(db, request.body.token, request.body.password);
      return { data: { message: 'Your password is changed. Please log in with it.' } };
    },
  );
}
