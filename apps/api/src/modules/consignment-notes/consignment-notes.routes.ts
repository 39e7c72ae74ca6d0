import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { consignmentNoteAnswer } from '@freightdesk/shared/schemas/answers-execution';
import { idParamSchema } from '@freightdesk/shared/schemas/common';
import { consignmentNoteInputSchema, type ConsignmentNoteView } from '@freightdesk/shared/schemas/consignment-note';
import type { Db } from '../../db/client.ts';
import { industryOf, requireUser } from '../../lib/access.ts';
import { notFound } from '../../lib/errors.ts';
import { sendPdf } from '../../lib/pdf.ts';
import { fileAnswer } from '../../openapi/file-answers.ts';
import { type Direction, ORDER_PERMISSIONS, ordersFor } from '../../lib/policy.ts';
import { consignmentNoteOf } from '../../repositories/consignment-notes.repository.ts';
import { carrierOrder, orderResources, orScopeNone } from '../orders/order-resource.ts';
import { carrierMakesNote } from './consignment-notes.service.ts';
import { consignmentNotePdf, lrFileName } from './lr-pdf.ts';

const tags = ['consignment notes'];
const lrPdf = fileAnswer('The consignment note (LR) as PDF', 'pdf');

/** The order's note, or 404 when none was made yet. */
async function noteOrNotFound(db: Db, orderId: number): Promise<ConsignmentNoteView> {
  const note = await consignmentNoteOf(db, orderId);
  if (!note) {
    throw notFound('Consignment note');
  }
  return note;
}

/**
 * `/api/orders/{dir}/:id/consignment-note` (and `/pdf`): the note of an order the shipper's user
 * may read (the order list permission of the direction, the policy's read rule: tenant, plants).
 */
export function consignmentNoteRoutes(direction: Direction) {
  return async (fastify: FastifyInstance) => {
    const app = fastify.withTypeProvider<ZodTypeProvider>();
    const { db } = app.deps.database;
    const config = { access: { permission: ORDER_PERMISSIONS[direction].list } };
    const readable = async (userRequest: Parameters<typeof requireUser>[0], id: number) => {
      const user = requireUser(userRequest);
      const order = await orderResources[direction].mustFind(db, industryOf(user), id, orScopeNone(ordersFor(user, 'read', direction)));
      return noteOrNotFound(db, order.id);
    };
    app.get(
      '/:id/consignment-note',
      { config, schema: { tags, params: idParamSchema, response: { 200: consignmentNoteAnswer } } },
      async (request) => ({
        data: await readable(request, request.params.id),
      }),
    );
    app.get(
      '/:id/consignment-note/pdf',
      { config: { ...config, fileAnswer: lrPdf }, schema: { tags, params: idParamSchema } },
      async (request, reply) => {
        const note = await readable(request, request.params.id);
        return sendPdf(reply, lrFileName(note.number), consignmentNotePdf(note));
      },
    );
  };
}

/**
 * `/api/carrier/orders/:id/consignment-note`: the carrier reads or makes the note of one of its
 * orders (404 for another carrier's), and downloads it (`/pdf`).
 */
export async function carrierConsignmentNoteRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db } = app.deps.database;
  const config = { access: { userTypes: [2] } } as const;
  const own = async (userRequest: Parameters<typeof requireUser>[0], id: number) =>
    noteOrNotFound(db, (await carrierOrder(db, requireUser(userRequest), id)).id);
  app.get(
    '/:id/consignment-note',
    { config, schema: { tags, params: idParamSchema, response: { 200: consignmentNoteAnswer } } },
    async (request) => ({
      data: await own(request, request.params.id),
    }),
  );
  app.post(
    '/:id/consignment-note',
    { config, schema: { tags, params: idParamSchema, body: consignmentNoteInputSchema, response: { 201: consignmentNoteAnswer } } },
    async (request, reply) => {
      const note = await carrierMakesNote(db, requireUser(request), request.params.id, request.body.packages ?? null);
      return reply.status(201).send({ data: note });
    },
  );
  app.get(
    '/:id/consignment-note/pdf',
    { config: { ...config, fileAnswer: lrPdf }, schema: { tags, params: idParamSchema } },
    async (request, reply) => {
      const note = await own(request, request.params.id);
      return sendPdf(reply, lrFileName(note.number), consignmentNotePdf(note));
    },
  );
}
