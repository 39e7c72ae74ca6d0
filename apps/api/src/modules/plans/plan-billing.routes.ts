import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { idParamSchema } from '@freightdesk/shared/schemas/common';
import { platformBillingSchema } from '@freightdesk/shared/schemas/plan-billing';
import { requireUser } from '../../lib/access.ts';
import { contentDisposition } from '../../lib/content-disposition.ts';
import { invoicePdfFileName } from '../invoices/invoice-pdf.ts';
import { platformBilling, setPlatformBilling } from './plan-billing.service.ts';
import { planInvoicePdf } from './plan-invoice.service.ts';

const tags = ['plans'];
const ADMIN = { access: { userTypes: [1] } } as const;

function sendPdf(reply: FastifyReply, { number, pdf }: Awaited<ReturnType<typeof planInvoicePdf>>) {
  return reply
    .header('content-disposition', contentDisposition(invoicePdfFileName(number)))
    .header('cache-control', 'private, no-store')
    .type('application/pdf')
    .send(pdf);
}

/** Platform admin: the platform's bank and tax details; any plan payment's tax invoice (issue 33). */
export async function planBillingAdminRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db } = app.deps.database;
  app.get('/platform-billing', { config: ADMIN, schema: { tags } }, async () => ({ data: await platformBilling(db) }));
  app.put('/platform-billing', { config: ADMIN, schema: { tags, body: platformBillingSchema } }, async (request) => ({
    data: await setPlatformBilling(db, requireUser(request).id, request.body),
  }));
  app.get('/payments/:id/invoice.pdf', { config: ADMIN, schema: { tags, params: idParamSchema } }, async (request, reply) =>
    sendPdf(reply, await planInvoicePdf(db, requireUser(request), request.params.id)),
  );
}

/** A shipper's users with the plan page: their own company's plan tax invoices. */
export async function planInvoiceRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db } = app.deps.database;
  app.get(
    '/plan/payments/:id/invoice.pdf',
    { config: { access: { permission: 'list-plan' } }, schema: { tags, params: idParamSchema } },
    async (request, reply) => sendPdf(reply, await planInvoicePdf(db, requireUser(request), request.params.id)),
  );
}
