import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { orderVerificationAnswer, verificationSettingsAnswer } from '@freightdesk/shared/schemas/answers-masters-account';
import { idParamSchema } from '@freightdesk/shared/schemas/common';
import { verificationSettingsInputSchema } from '@freightdesk/shared/schemas/verification';
import { industryOf, requireUser, shipperActor } from '../../lib/access.ts';
import { type Direction, ORDER_PERMISSIONS } from '../../lib/policy.ts';
import { expectedVersion } from '../../lib/version-check.ts';
import { carrierOrder, orderOf } from '../../repositories/orders.repository.ts';
import { getVerificationSettings, orderVerification, updateVerificationSettings } from './verification.service.ts';

const tags = ['verification'];

/**
 * `/api/orders/{dir}/:id/verification`: the order's vehicle and driver as VAHAN and SARATHI last
 * said, judged under the shipper's rules; the order list permission and the policy's read rule.
 */
export function orderVerificationRoutes(direction: Direction) {
  return async (fastify: FastifyInstance) => {
    const app = fastify.withTypeProvider<ZodTypeProvider>();
    const { db } = app.deps.database;
    app.get(
      '/:id/verification',
      {
        config: { access: { permission: ORDER_PERMISSIONS[direction].list } },
        schema: { tags, params: idParamSchema, response: { 200: orderVerificationAnswer } },
      },
      async (request) => {
        const order = await orderOf(db, requireUser(request), industryOf(request.user), direction, request.params.id);
        return { data: await orderVerification(db, order.id) };
      },
    );
  };
}

/** `/api/carrier/orders/:id/verification`: the same for the carrier, on its own orders. */
export async function carrierVerificationRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db } = app.deps.database;
  app.get(
    '/:id/verification',
    { config: { access: { userTypes: [2] } }, schema: { tags, params: idParamSchema, response: { 200: orderVerificationAnswer } } },
    async (request) => {
      const order = await carrierOrder(db, requireUser(request), request.params.id);
      return { data: await orderVerification(db, order.id) };
    },
  );
}

/**
 * `/api/settings/verification`: what an expired document does at the shipper's gates. Read with
 * the settings' view permission (or the edit one), saved with the edit one (If-Match).
 */
export async function verificationSettingsRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db } = app.deps.database;
  app.get(
    '',
    { config: { access: { anyOf: ['bid-list', 'add-edit-delete'] } }, schema: { tags, response: { 200: verificationSettingsAnswer } } },
    async (request) => ({ data: await getVerificationSettings(db, industryOf(request.user)) }),
  );
  app.put(
    '',
    {
      config: { access: { permission: 'add-edit-delete' } },
      schema: { tags, body: verificationSettingsInputSchema, response: { 200: verificationSettingsAnswer } },
    },
    async (request) => ({ data: await updateVerificationSettings(db, shipperActor(request), request.body, expectedVersion(request)) }),
  );
}
