import { headerDetailsAnswer, messageAnswer, permissionsAnswer, profileAnswer } from '@freightdesk/shared/schemas/answers-masters-account';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { currentPlanAnswer } from '@freightdesk/shared/schemas/answers-admin';
import { changePasswordBodySchema, updateProfileBodySchema } from '@freightdesk/shared/schemas/auth';
import { requireUser } from '../../lib/access.ts';
import { changePassword, currentPlan, headerDetails, profile, updateProfile } from './account.service.ts';

/** The calls of spec section 7 (user/save-token is in modules/push), and the user's own profile. */
export async function accountRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db } = app.deps.database;
  const auth = { access: 'authenticated' } as const;
  const tags = ['account'];

  app.post('/shipper-permissions', { config: auth, schema: { tags, response: { 200: permissionsAnswer } } }, async (request) => ({
    data: requireUser(request).permissions,
  }));

  app.post('/login-header-details', { config: auth, schema: { tags, response: { 200: headerDetailsAnswer } } }, async (request) => ({
    data: await headerDetails(db, requireUser(request)),
  }));

  app.post('/plan/current-plan', { config: auth, schema: { tags, response: { 200: currentPlanAnswer } } }, async (request) => ({
    data: await currentPlan(db, requireUser(request).industryId),
  }));

  app.get('/profile', { config: auth, schema: { tags, response: { 200: profileAnswer } } }, async (request) => ({
    data: await profile(db, requireUser(request)),
  }));

  app.put(
    '/profile',
    { config: auth, schema: { tags, body: updateProfileBodySchema, response: { 200: profileAnswer } } },
    async (request) => ({
      data: await updateProfile(db, requireUser(request), request.body),
    }),
  );

  app.post(
    '/profile/change-password',
    { config: auth, schema: { tags, body: changePasswordBodySchema, response: { 200: messageAnswer } } },
    async (request) => {
      await changePassword(db, requireUser(request), request.body.currentPassword, request.body.password);
      return { data: { message: 'Your password is changed.' } };
    },
  );
}
