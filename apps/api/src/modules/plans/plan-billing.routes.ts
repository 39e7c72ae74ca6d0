import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { platformBillingAnswer, platformBillingSavedAnswer } from '@freightdesk/shared/schemas/answers-admin';
import { idParamSchema } from '@freightdesk/shared/schemas/common';
import { platformBillingSchema } from '@freightdesk/shared/schemas/plan-billing';
import { requireUser } from '../../lib/access.ts';
import { contentDisposition } from '../../lib/content-disposition.ts';
import { fileAnswer } from '../../openapi/file-answers.ts';
import { invoicePdfFileName } from '../invoices/invoice-pdf.ts';
import { platformBilling, setPlatformBilling } from './plan-billing.service.ts';
import { planInvoicePdf } from './plan-invoice.service.ts';

const tags = ['plans'];
const ADMIN = { access: { userTypes: [1] } } as const;
const invoicePdf = fileAnswer("The plan payment's tax invoice as PDF", 'pdf');

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
  app.get('/platform-billing', { config: ADMIN, schema: { tags, response: { 200: platformBillingAnswer } } }, async () => ({
    data: await platformBilling(db),
  }));
  const saved = { tags, body: platformBillingSchema, response: { 200: platformBillingSavedAnswer } };
  app.put('/platform-billing', { config: ADMIN, schema: saved }, async (request) => ({
    data: await setPlatformBilling(db, requireUser(request).id, request.body),
  }));
  const config = { ...ADMIN, fileAnswer: invoicePdf };
  app.get('/payments/:id/invoice.pdf', { config, schema: { tags, params: idParamSchema } }, async (request, reply) =>
    sendPdf(reply, await planInvoicePdf(db, requireUser(request), request.params.id)),
  );
}

/** A shipper's users with the plan page: their own company's plan tax invoices. */
export async function planInvoiceRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db } = app.deps.database;
  app.get(
    '/plan/payments/:id/invoice.pdf',
    { config: { access: { permission: 'list-plan' }, fileAnswer: invoicePdf }, schema: { tags, params: idParamSchema } },
    async (request, reply) => sendPdf(reply, await planInvoicePdf(db, requireUser(request), request.params.id)),
  );
}
