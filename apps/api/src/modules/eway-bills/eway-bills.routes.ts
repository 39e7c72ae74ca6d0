import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ewayBillAnswer,
  ewayBillListAnswer,
  ewayBillLookupAnswer,
  ewayExtensionAnswer,
} from '@freightdesk/shared/schemas/answers-execution';
import { idParamSchema, idRef } from '@freightdesk/shared/schemas/common';
import {
  ewayBillCancelSchema,
  ewayBillExtendSchema,
  ewayBillInputSchema,
  ewayBillLookupSchema,
} from '@freightdesk/shared/schemas/eway-bill';
import { requireUser } from '../../lib/access.ts';
import { type Direction, ORDER_PERMISSIONS } from '../../lib/policy.ts';
import { createEwayBillProvider } from './eway-bill-provider.ts';
import { cancelBill, extendBill } from './eway-bill-changes.ts';
import { suggestExtension } from './eway-bill-extension.ts';
import { addBill, billOrder, checkBill, fetchBill, listBills, mustFindBill } from './eway-bills.service.ts';

const billParams = idParamSchema.extend({ billId: z.coerce.number().pipe(idRef('billId must be a positive whole number')) });

type Provider = ReturnType<typeof createEwayBillProvider>;
type Bill = Awaited<ReturnType<typeof fetchBill>>;
type OrderOf = (user: ReturnType<typeof requireUser>, id: number, action: 'read' | 'change') => ReturnType<typeof billOrder>;
type Ctx = { db: FastifyInstance['deps']['database']['db']; provider: Provider; order: OrderOf };
const tags = ['e-way bills'];

/** A bill as the lookup answers it: its times as ISO text, its value in rupees. */
const lookedUp = (bill: Bill) => ({
  ...bill,
  generatedAt: bill.generatedAt.toISOString(),
  validUntil: bill.validUntil.toISOString(),
  valueRupees: bill.valuePaise / 100,
});

/** Extending and cancelling a bill: the changes NIC makes through the GSP, and where the vehicle is for an extension. */
function registerBillChanges(fastify: FastifyInstance, config: object, { db, provider, order }: Ctx) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  // Where the vehicle is now, for the extension form to suggest (from the order's last position).
  const extension = { tags, params: billParams, response: { 200: ewayExtensionAnswer } };
  app.get('/:id/eway-bills/:billId/extension', { config, schema: extension }, async (request) => {
    const o = await order(requireUser(request), request.params.id, 'change');
    await mustFindBill(db, o, request.params.billId);
    return { data: await suggestExtension(db, o.id) };
  });
  app.post(
    '/:id/eway-bills/:billId/extend',
    { config, schema: { tags, params: billParams, body: ewayBillExtendSchema, response: { 200: ewayBillAnswer } } },
    async (request) => {
      const user = requireUser(request);
      const o = await order(user, request.params.id, 'change');
      return { data: await extendBill(db, provider, user.id, o, request.params.billId, request.body) };
    },
  );
  app.post(
    '/:id/eway-bills/:billId/cancel',
    { config, schema: { tags, params: billParams, body: ewayBillCancelSchema, response: { 200: ewayBillAnswer } } },
    async (request) => {
      const user = requireUser(request);
      const o = await order(user, request.params.id, 'change');
      return { data: await cancelBill(db, provider, user.id, o, request.params.billId, request.body) };
    },
  );
}

/**
 * `/api/orders/{dir}/:id/eway-bills`: the shipper records, extends and cancels an order's e-way
 * bills (its order list permission, within its plants); `/api/carrier/orders/:id/eway-bills`: the
 * carrier reads them.
 */
export function ewayBillRoutes(direction: Direction) {
  return async (fastify: FastifyInstance) => {
    const app = fastify.withTypeProvider<ZodTypeProvider>();
    const { db } = app.deps.database;
    const provider = createEwayBillProvider(app.deps.config.ewayBillGsp, app.deps.outbound.operator);
    const config = { access: { permission: ORDER_PERMISSIONS[direction].list } };
    const order: OrderOf = (user, id, action) => billOrder(db, user, action, id, direction);

    app.get(
      '/:id/eway-bills',
      { config, schema: { tags, params: idParamSchema, response: { 200: ewayBillListAnswer } } },
      async (request) => ({
        data: await listBills(db, await order(requireUser(request), request.params.id, 'read')),
      }),
    );
    const lookup = { tags, params: idParamSchema, body: ewayBillLookupSchema, response: { 200: ewayBillLookupAnswer } };
    app.post('/:id/eway-bills/lookup', { config, schema: lookup }, async (request) => {
      const o = await order(requireUser(request), request.params.id, 'change');
      const bill = await fetchBill(provider, o, request.body.number);
      checkBill(o, bill, new Date());
      return { data: lookedUp(bill) };
    });
    const add = { tags, params: idParamSchema, body: ewayBillInputSchema, response: { 201: ewayBillAnswer } };
    app.post('/:id/eway-bills', { config, schema: add }, async (request, reply) => {
      const user = requireUser(request);
      const data = await addBill(db, provider, user, await order(user, request.params.id, 'change'), request.body);
      return reply.code(201).send({ data });
    });
    registerBillChanges(app, config, { db, provider, order });
  };
}

export async function carrierEwayBillRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db } = app.deps.database;
  app.get(
    '/:id/eway-bills',
    {
      config: { access: { userTypes: [2] } },
      schema: { tags: ['carrier portal'], params: idParamSchema, response: { 200: ewayBillListAnswer } },
    },
    async (request) => ({ data: await listBills(db, await billOrder(db, requireUser(request), 'read', request.params.id)) }),
  );
}
