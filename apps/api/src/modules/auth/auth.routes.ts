import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { forgotPasswordBodySchema, loginBodySchema, resetPasswordBodySchema } from '@freightdesk/shared/schemas/auth';
import { requireUser } from '../../lib/access.ts';
import { checkResetToken, forgotPassword, login, logout, resetPassword } from './auth.service.ts';

/** Base URL for links in mails: PUBLIC_URL, else the address the request came to. */
export function baseUrl(app: FastifyInstance, request: FastifyRequest): string {
  return app.deps.config.publicUrl ?? `${request.protocol}://${request.host}`;
}

export async function authRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db } = app.deps.database;
  const tags = ['auth'];

  app.post('/auth/login', { config: { access: 'public' }, schema: { tags, body: loginBodySchema, security: [] } }, async (request) => {
    const data = await login(
      db,
      request.body,
      { ip: request.ip, userAgent: request.headers['user-agent'] },
      app.deps.config.sessionTtlHours,
    );
    return { data };
  });

  app.post('/auth/logout', { config: { access: 'authenticated' }, schema: { tags } }, async (request) => {
    await logout(db, requireUser(request).sessionId);
    return { data: { message: 'You are logged out.' } };
  });

  app.post(
    '/auth/forgot-password',
    { config: { access: 'public' }, schema: { tags, body: forgotPasswordBodySchema, security: [] } },
    async (request) => {
      await forgotPassword(db, app.deps.mailer, request.body.email, baseUrl(app, request));
      return { data: { message: 'If an account uses this address, a reset link is on its way. It works for one hour.' } };
    },
  );

  app.get(
    '/auth/reset-password/:token',
    { config: { access: 'public' }, schema: { tags, params: z.object({ token: z.string().max(200) }), security: [] } },
    async (request) => ({ data: await checkResetToken(db, request.params.token) }),
  );

  app.post(
    '/auth/reset-password',
    { config: { access: 'public' }, schema: { tags, body: resetPasswordBodySchema, security: [] } },
    async (request) => {
      await resetPassword(db, request.body.token, request.body.password);
      return { data: { message: 'Your password is changed. Please log in with it.' } };
    },
  );
}
