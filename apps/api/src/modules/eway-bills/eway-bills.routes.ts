import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
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
    const tags = ['e-way bills'];
    const order = (user: ReturnType<typeof requireUser>, id: number, action: 'read' | 'change') =>
      billOrder(db, user, action, id, direction);

    app.get('/:id/eway-bills', { config, schema: { tags, params: idParamSchema } }, async (request) => ({
      data: await listBills(db, await order(requireUser(request), request.params.id, 'read')),
    }));
    app.post('/:id/eway-bills/lookup', { config, schema: { tags, params: idParamSchema, body: ewayBillLookupSchema } }, async (request) => {
      const o = await order(requireUser(request), request.params.id, 'change');
      const bill = await fetchBill(provider, o, request.body.number);
      checkBill(o, bill, new Date());
      return {
        data: {
          ...bill,
          generatedAt: bill.generatedAt.toISOString(),
          validUntil: bill.validUntil.toISOString(),
          valueRupees: bill.valuePaise / 100,
        },
      };
    });
    app.post('/:id/eway-bills', { config, schema: { tags, params: idParamSchema, body: ewayBillInputSchema } }, async (request, reply) => {
      const user = requireUser(request);
      const data = await addBill(db, provider, user, await order(user, request.params.id, 'change'), request.body);
      return reply.code(201).send({ data });
    });
    // Where the vehicle is now, for the extension form to suggest (from the order's last position).
    app.get('/:id/eway-bills/:billId/extension', { config, schema: { tags, params: billParams } }, async (request) => {
      const o = await order(requireUser(request), request.params.id, 'change');
      await mustFindBill(db, o, request.params.billId);
      return { data: await suggestExtension(db, o.id) };
    });
    app.post(
      '/:id/eway-bills/:billId/extend',
      { config, schema: { tags, params: billParams, body: ewayBillExtendSchema } },
      async (request) => ({
        data: await extendBill(
          db,
          provider,
          requireUser(request).id,
          await order(requireUser(request), request.params.id, 'change'),
          request.params.billId,
          request.body,
        ),
      }),
    );
    app.post(
      '/:id/eway-bills/:billId/cancel',
      { config, schema: { tags, params: billParams, body: ewayBillCancelSchema } },
      async (request) => ({
        data: await cancelBill(
          db,
          provider,
          requireUser(request).id,
          await order(requireUser(request), request.params.id, 'change'),
          request.params.billId,
          request.body,
        ),
      }),
    );
  };
}

export async function carrierEwayBillRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db } = app.deps.database;
  app.get(
    '/:id/eway-bills',
    { config: { access: { userTypes: [2] } }, schema: { tags: ['carrier portal'], params: idParamSchema } },
    async (request) => ({ data: await listBills(db, await billOrder(db, requireUser(request), 'read', request.params.id)) }),
  );
}
