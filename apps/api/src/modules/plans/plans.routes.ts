import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  joiningFeeAnswer,
  myPlanAnswer,
  offeredPlansAnswer,
  paymentAnswer,
  paymentCancelledAnswer,
  paymentConfirmedAnswer,
  paymentListAnswer,
  planUsageAnswer,
} from '@freightdesk/shared/schemas/answers-admin';
import { idParamSchema, STATUS_LABEL, type Status } from '@freightdesk/shared/schemas/common';
import {
  confirmPaymentBodySchema,
  joiningFeeSchema,
  PAYMENT_STATUSES,
  planInputSchema,
  planListQuerySchema,
  planSchema,
  subscribeBodySchema,
} from '@freightdesk/shared/schemas/plan';
import { industryOf, requireUser, shipperActor } from '../../lib/access.ts';
import { registerResourceRoutes } from '../../lib/resource-routes.ts';
import { planBillingAdminRoutes, planInvoiceRoutes } from './plan-billing.routes.ts';
import {
  cancelPayment,
  confirmPayment,
  joiningFee,
  listPayments,
  myPlan,
  planResource,
  setJoiningFee,
  subscribe,
} from './plans.service.ts';

const ADMIN = { access: { userTypes: [1] } } as const;
const OWNER = { access: { userTypes: [3] } } as const;

/** Platform admin: plan catalogue, joining fee, payments to confirm. */
export async function planAdminRoutes(fastify: FastifyInstance) {
  await fastify.register(
    async (f) =>
      registerResourceRoutes(f, planResource, {
        tag: 'plans',
        admin: true,
        input: planInputSchema,
        answer: planSchema,
        listQuery: planListQuerySchema,
        exportColumns: [
          { key: 'name', label: 'Plan' },
          { key: 'priceRupees', label: 'Price (INR)' },
          { key: 'durationDays', label: 'Days' },
          { key: 'noOfMembers', label: 'Members' },
          { key: 'noOfPlants', label: 'Plants' },
          { key: 'status', label: 'Status', format: (v) => STATUS_LABEL[v as Status] },
        ],
      }),
    { prefix: '/plans' },
  );
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db } = app.deps.database;
  const tags = ['plans'];
  const feeAnswer = { 200: joiningFeeAnswer };
  app.get('/joining-fee', { config: ADMIN, schema: { tags, response: feeAnswer } }, async () => ({ data: await joiningFee(db) }));
  app.put('/joining-fee', { config: ADMIN, schema: { tags, body: joiningFeeSchema, response: feeAnswer } }, async (request) => ({
    data: await setJoiningFee(db, request.body),
  }));
  app.get(
    '/payments',
    {
      config: ADMIN,
      schema: { tags, querystring: z.object({ status: z.enum(PAYMENT_STATUSES).optional() }), response: { 200: paymentListAnswer } },
    },
    async (request) => ({ data: await listPayments(db, undefined, request.query.status) }),
  );
  app.post(
    '/payments/:id/confirm',
    { config: ADMIN, schema: { tags, params: idParamSchema, body: confirmPaymentBodySchema, response: { 200: paymentConfirmedAnswer } } },
    async (request) => {
      await confirmPayment(db, requireUser(request).id, request.params.id, request.body);
      return { data: { id: request.params.id, status: 'paid' as const } };
    },
  );
  const cancelled = { tags, params: idParamSchema, response: { 200: paymentCancelledAnswer } };
  app.post('/payments/:id/cancel', { config: ADMIN, schema: cancelled }, async (request) => {
    await cancelPayment(db, requireUser(request).id, request.params.id);
    return { data: { id: request.params.id, status: 'cancelled' as const } };
  });
  await planBillingAdminRoutes(fastify);
}

/** Shipper side: the catalogue, the joining fee, my plan, choosing a plan. */
export async function planRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db } = app.deps.database;
  const tags = ['plans'];
  const shipper = { access: { userTypes: [3, 4] } } as const;

  app.get('/plans', { config: shipper, schema: { tags, response: { 200: offeredPlansAnswer } } }, async () => ({
    data: (await planResource.list(db, 0, { page: 1, pageSize: 100, status: 'active', sort: 'price' })).data,
  }));
  app.get('/joining-fee', { config: { access: 'authenticated' }, schema: { tags, response: { 200: joiningFeeAnswer } } }, async () => ({
    data: await joiningFee(db),
  }));
  const mine = { tags, response: { 200: myPlanAnswer } };
  app.get('/my-plan', { config: { access: { permission: 'list-plan' } }, schema: mine }, async (request) => ({
    data: await myPlan(db, industryOf(request.user)),
  }));
  /** Limits and use of the plan, so forms can say "limit reached" before the user fills them in. */
  app.get('/plan/usage', { config: shipper, schema: { tags, response: { 200: planUsageAnswer } } }, async (request) => {
    const { plan, usage } = await myPlan(db, industryOf(request.user));
    return { data: { noOfMembers: plan?.noOfMembers ?? 0, noOfPlants: plan?.noOfPlants ?? 0, ...usage } };
  });
  const subscribed = { tags, body: subscribeBodySchema, response: { 201: paymentAnswer } };
  app.post('/plan/subscribe', { config: OWNER, schema: subscribed }, async (request, reply) => {
    const payment = await subscribe(db, shipperActor(request), request.body.planId);
    return reply.code(201).send({ data: payment });
  });
  const cancelled = { tags, params: idParamSchema, response: { 200: paymentCancelledAnswer } };
  app.post('/plan/payments/:id/cancel', { config: OWNER, schema: cancelled }, async (request) => {
    await cancelPayment(db, requireUser(request).id, request.params.id, industryOf(request.user));
    return { data: { id: request.params.id, status: 'cancelled' as const } };
  });
  await planInvoiceRoutes(fastify);
}
