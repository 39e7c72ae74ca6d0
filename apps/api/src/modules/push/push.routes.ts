import { pushConfigAnswer, pushRemovedAnswer, pushSavedAnswer } from '@freightdesk/shared/schemas/answers-masters-account';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { type PushSubscriptionJson, parsePushToken, pushTokenBodySchema } from '@freightdesk/shared/schemas/push';
import { PUSH_USER_TYPES } from '@freightdesk/shared/user-types';
import { requireUser } from '../../lib/access.ts';
import { createVapidKeyStore, createWebPushSender, PUSH_DELIVER_JOB, PUSH_SEND_JOB } from '../../lib/push.ts';
import { createPushDelivery, removeSubscription, saveSubscription } from './push.service.ts';

/** The body already passed the schema, which parses the same token. */
const subscriptionOf = (token: string) => parsePushToken(token) as PushSubscriptionJson;

/**
 * `/api/user`: device tokens (Web Push subscriptions) and the VAPID public key browsers subscribe
 * with; also registers the durable push delivery jobs.
 */
export async function pushRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db } = app.deps.database;
  const tags = ['push'];
  const vapid = createVapidKeyStore(db, app.deps.config);
  const delivery = createPushDelivery(db, createWebPushSender(vapid, app.deps.outbound), app.log);
  app.deps.jobs.register(PUSH_DELIVER_JOB, (payload) => delivery.deliver(payload));
  app.deps.jobs.register(PUSH_SEND_JOB, (payload) => delivery.retry(payload));

  /** Spec section 7: `{ token }`, here the JSON of the browser's PushSubscription. */
  app.post(
    '/save-token',
    { config: { access: { userTypes: PUSH_USER_TYPES } }, schema: { tags, body: pushTokenBodySchema, response: { 200: pushSavedAnswer } } },
    async (request) => {
      await saveSubscription(
        db,
        app.deps.outbound,
        requireUser(request).id,
        subscriptionOf(request.body.token),
        request.headers['user-agent'],
      );
      return { data: { saved: true } };
    },
  );

  // Public, so the app can still drop its token after the session has ended (logout, expiry):
  // knowing the endpoint and both keys proves it holds the subscription.
  app.post(
    '/remove-token',
    { config: { access: 'public' }, schema: { tags, body: pushTokenBodySchema, response: { 200: pushRemovedAnswer } } },
    async (request) => ({
      data: { removed: await removeSubscription(db, subscriptionOf(request.body.token)) },
    }),
  );

  app.get('/push-config', { config: { access: 'public' }, schema: { tags, response: { 200: pushConfigAnswer } } }, async () => ({
    data: { vapidPublicKey: (await vapid.get()).publicKey },
  }));
}
