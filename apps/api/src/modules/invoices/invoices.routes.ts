import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idParamSchema, idQuery } from '@freightdesk/shared/schemas/common';
import {
  billableOrdersQuerySchema,
  carrierInvoiceListQuerySchema,
  invoiceInputSchema,
  invoiceListQuerySchema,
  invoicePaymentSchema,
  invoicePaymentPreviewSchema,
  invoiceReviewSchema,
  invoicePreviewSchema,
  periodQuerySchema,
} from '@freightdesk/shared/schemas/invoice';
import type { TaxInvoiceSource } from '@freightdesk/shared/tax-invoice';
import type { InvoiceDetail } from '@freightdesk/shared/schemas/invoice-views';
import { requireUser } from '../../lib/access.ts';
import { forbidden, notFound } from '../../lib/errors.ts';
import type { Action } from '../../lib/policy.ts';
import { ruleOrForbidden } from '../../lib/policy-require.ts';
import { expectedVersion } from '../../lib/version-check.ts';
import { billableOrders } from './billable-orders.ts';
import { invoiceDetail, listInvoices } from './invoice-read.ts';
import { approveMatching, reviewInvoice } from './invoice-review.service.ts';
import { recordPayment, previewPayment } from './invoice-payments.service.ts';
import { createInvoice } from './invoices.service.ts';
import { answerDispute } from './dispute-answer.service.ts';
import { creditNoteInputSchema } from '@freightdesk/shared/schemas/notes';
import { previewInvoice } from './invoice-preview.ts';
import { paymentSummary } from './payment-summary.ts';
import { bankFile } from './bank-file.ts';
import { tdsRegisterCsv } from './tds-register.ts';
import { ledgerExport, tallyExport } from './books-export.ts';
import { booksSettingsRoutes } from './books-settings.routes.ts';
import { reverseChargeSummary } from './gstr3b.ts';
import { invoicePdf, invoicePdfFileName, notePdf } from './invoice-pdf.ts';
import { sendPdf } from '../../lib/pdf.ts';
import { contentDisposition } from '../../lib/content-disposition.ts';
import { indiaToday } from '../../lib/india-time.ts';
import { invoiceAnswer, invoiceListAnswer } from '@freightdesk/shared/schemas/answers';

/** The policy's invoice rule for the caller, or 403. */
function scopeOf(request: FastifyRequest, action: Action) {
  return ruleOrForbidden(requireUser(request), 'invoice', action);
}

/** Sends a document PDF (as `detail` loaded its invoice, within the caller's scope), streamed, named after its number. */
function sendPdfDoc(reply: FastifyReply, number: string, pdf: PDFKit.PDFDocument) {
  return sendPdf(reply, invoicePdfFileName(number), pdf);
}
const sendInvoicePdf = (reply: FastifyReply, invoice: TaxInvoiceSource) => sendPdfDoc(reply, invoice.number, invoicePdf(invoice));

/** A credit or debit note of an invoice the caller may read, as a PDF; 404 for a note of another invoice. */
function sendNotePdf(reply: FastifyReply, invoice: InvoiceDetail, noteId: number) {
  const note = invoice.notes.find((n) => n.id === noteId);
  if (!note) {
    throw notFound('Credit note');
  }
  return sendPdfDoc(reply, note.number, notePdf(note, invoice));
}
const noteParams = z.object({ id: idParamSchema.shape.id, noteId: idParamSchema.shape.id });

/** A CSV file download (no BOM: banks' upload portals and the return utilities read it as is). */
function sendCsv(reply: FastifyReply, fileName: string, text: string) {
  return reply.header('content-disposition', contentDisposition(fileName)).type('text/csv; charset=utf-8').send(text);
}

/** A month as India writes a return period: 2026-12. */
const monthQuerySchema = z.object({
  month: z.string({ error: 'month is required' }).regex(/^\d{4}-(0[1-9]|1[0-2])$/, 'month looks like 2026-12'),
});
const summaryQuerySchema = z.object({ plantId: idQuery.optional(), carrierLinkId: idQuery.optional() });

/**
 * The shipper's files for its bank and its books, within the policy's invoice rule: the bank bulk-payment
 * file (CSV, no BOM: banks' upload portals read it as is), the TDS register (CSV for the 26Q return)
 * and the TallyPrime import file (XML) of a period.
 */
async function bookExportRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db } = app.deps.database;
  const tags = ['invoices'];
  const config = { access: { permission: 'payment-summary' } } as const;
  const shipperId = (request: FastifyRequest) => requireUser(request).industryId ?? 0;
  // The bank bulk-payment file of what is due (CSV, no BOM: banks' upload portals read it as is).
  app.get('/bank-file', { config, schema: { tags, querystring: summaryQuerySchema } }, async (request, reply) => {
    return sendCsv(
      reply,
      `bank-payments-${indiaToday()}.csv`,
      await bankFile(db, scopeOf(request, 'list'), shipperId(request), request.query),
    );
  });
  // The TDS register of the payments between two days (CSV for the 26Q return).
  app.get('/tds-register', { config, schema: { tags, querystring: periodQuerySchema } }, async (request, reply) => {
    const { from, to } = request.query;
    return sendCsv(reply, `tds-register-${from}-to-${to}.csv`, await tdsRegisterCsv(db, scopeOf(request, 'list'), from, to));
  });
  // Table 3.1(d) of GSTR-3B for a month, per recipient GSTIN.
  app.get('/gstr3b', { config, schema: { tags, querystring: monthQuerySchema } }, async (request) => ({
    data: { month: request.query.month, lines: await reverseChargeSummary(db, scopeOf(request, 'list'), request.query.month) },
  }));
  // The period's invoices, notes, TDS and payments as a TallyPrime import file (XML).
  app.get('/tally', { config, schema: { tags, querystring: periodQuerySchema } }, async (request, reply) => {
    const { from, to } = request.query;
    const xml = await tallyExport(db, scopeOf(request, 'list'), shipperId(request), from, to);
    return reply
      .header('content-disposition', contentDisposition(`tally-vouchers-${from}-to-${to}.xml`))
      .type('application/xml; charset=utf-8')
      .send(xml);
  });
  // The same vouchers as one row per posting, in the columns of the shipper's ledger template (CSV).
  app.get('/ledger', { config, schema: { tags, querystring: periodQuerySchema } }, async (request, reply) => {
    const { from, to } = request.query;
    return sendCsv(reply, `ledger-${from}-to-${to}.csv`, await ledgerExport(db, scopeOf(request, 'list'), shipperId(request), from, to));
  });
  await app.register(booksSettingsRoutes);
}

/** The declared reads of both sides (summary and answer in the OpenAPI document; record 0286). */
const SHIPPER_READS = {
  list: { summary: "List carriers' invoices to the shipper", querystring: invoiceListQuerySchema, response: { 200: invoiceListAnswer } },
  one: {
    summary: 'Read one invoice with its lines, audit, versions and payments',
    params: idParamSchema,
    response: { 200: invoiceAnswer },
  },
};
const CARRIER_READS = {
  list: { summary: "List the carrier's invoices", querystring: carrierInvoiceListQuerySchema, response: { 200: invoiceListAnswer } },
  one: { summary: "Read one of the carrier's invoices", params: idParamSchema, response: { 200: invoiceAnswer } },
};

/**
 * `/api/invoices`: the shipper's side of carrier invoices (`payment-summary`): list, open with the
 * audit's findings, decide lines (or approve the matching ones in one click), record payments, and
 * the payment summary per carrier. Every call goes through the policy's invoice rule (tenant,
 * plants): another shipper's invoice is a 404.
 */
export async function invoiceRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db } = app.deps.database;
  const tags = ['invoices'];
  const params = idParamSchema;
  const config = { access: { permission: 'payment-summary' } } as const;
  const shipperOf = (request: FastifyRequest) => {
    const user = requireUser(request);
    if (!user.industryId) {
      throw forbidden();
    }
    return { id: user.id, industryId: user.industryId };
  };
  const detail = (request: FastifyRequest, id: number) => invoiceDetail(db, id, scopeOf(request, 'read'), 'shipper');
  app.get('', { config, schema: { tags, ...SHIPPER_READS.list } }, async (request) =>
    listInvoices(db, scopeOf(request, 'list'), request.query),
  );
  app.get('/summary', { config, schema: { tags, querystring: summaryQuerySchema } }, async (request) => ({
    data: await paymentSummary(db, scopeOf(request, 'list'), 'carrier', request.query),
  }));
  // The files for the bank and the books (bookExportRoutes).
  await app.register(bookExportRoutes);
  app.get('/:id', { config, schema: { tags, ...SHIPPER_READS.one } }, async (request) => ({
    data: await detail(request, request.params.id),
  }));
  // The tax invoice as a PDF file (the same invoice, the same access as `/:id`).
  app.get('/:id/pdf', { config, schema: { tags, params } }, async (request, reply) =>
    sendInvoicePdf(reply, await detail(request, request.params.id)),
  );
  app.get('/:id/notes/:noteId/pdf', { config, schema: { tags, params: noteParams } }, async (request, reply) =>
    sendNotePdf(reply, await detail(request, request.params.id), request.params.noteId),
  );
  app.post('/:id/review', { config, schema: { tags, params, body: invoiceReviewSchema } }, async (request) => {
    await reviewInvoice(db, shipperOf(request), request.params.id, scopeOf(request, 'change'), request.body, expectedVersion(request));
    return { data: await detail(request, request.params.id) };
  });
  app.post('/:id/approve-matching', { config, schema: { tags, params } }, async (request) => {
    const approved = await approveMatching(db, shipperOf(request), request.params.id, scopeOf(request, 'change'), expectedVersion(request));
    return { data: await detail(request, request.params.id), approved };
  });
  // The TDS the payment would carry and what goes to the bank, before it is recorded (nothing is written).
  app.post('/:id/payments/preview', { config, schema: { tags, params, body: invoicePaymentPreviewSchema } }, async (request) => {
    const d = await previewPayment(db, request.params.id, scopeOf(request, 'change'), request.body);
    const { basePaise, deductedOnPaise, tdsPaise, netPaise, ratePct, rule } = d;
    return { data: { basePaise, deductedOnPaise, tdsPaise, netPaise, ratePct, rule } };
  });
  app.post('/:id/payments', { config, schema: { tags, params, body: invoicePaymentSchema } }, async (request, reply) => {
    await recordPayment(db, shipperOf(request), request.params.id, scopeOf(request, 'change'), request.body);
    return reply.code(201).send({ data: await detail(request, request.params.id) });
  });
}

/**
 * `/api/carrier/invoices`: the carrier raises invoices for its delivered orders (one shipper and
 * plant each), reads the audit's outcome, revises a disputed one, and sees its own summary per shipper.
 */
export async function carrierInvoiceRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db } = app.deps.database;
  const config = { access: { userTypes: [2] } } as const;
  const tags = ['carrier portal'];
  const params = idParamSchema;
  const carrierOf = (request: FastifyRequest) => {
    const user = requireUser(request);
    if (!user.carrierId) {
      throw forbidden();
    }
    return { id: user.id, carrierId: user.carrierId };
  };
  const detail = (request: FastifyRequest, id: number) => invoiceDetail(db, id, scopeOf(request, 'read'), 'carrier');
  app.get('', { config, schema: { tags, ...CARRIER_READS.list } }, async (request) =>
    listInvoices(db, scopeOf(request, 'list'), request.query),
  );
  app.get('/billable-orders', { config, schema: { tags, querystring: billableOrdersQuerySchema } }, async (request) =>
    billableOrders(db, carrierOf(request).carrierId, request.query),
  );
  app.get('/summary', { config, schema: { tags, querystring: z.object({ industryId: idQuery.optional() }) } }, async (request) => ({
    data: await paymentSummary(db, scopeOf(request, 'list'), 'shipper', request.query),
  }));
  app.get('/:id', { config, schema: { tags, ...CARRIER_READS.one } }, async (request) => ({
    data: await detail(request, request.params.id),
  }));
  app.get('/:id/pdf', { config, schema: { tags, params } }, async (request, reply) =>
    sendInvoicePdf(reply, await detail(request, request.params.id)),
  );
  app.get('/:id/notes/:noteId/pdf', { config, schema: { tags, params: noteParams } }, async (request, reply) =>
    sendNotePdf(reply, await detail(request, request.params.id), request.params.noteId),
  );
  /** The draft's GST and total before it is sent (nothing is written). */
  app.post('/preview', { config, schema: { tags, body: invoicePreviewSchema } }, async (request) => ({
    data: await previewInvoice(db, carrierOf(request), request.body),
  }));
  app.post(
    '',
    { config, schema: { tags, summary: 'Submit an invoice for delivered orders', body: invoiceInputSchema } },
    async (request, reply) => {
      const id = await createInvoice(db, carrierOf(request), request.body);
      return reply.code(201).send({ data: await detail(request, id) });
    },
  );
  // The answer to a dispute: a credit note on the disputed lines, or the carrier's reasons (nothing credited).
  app.post('/:id/credit-notes', { config, schema: { tags, params, body: creditNoteInputSchema } }, async (request, reply) => {
    const note = await answerDispute(db, carrierOf(request), request.params.id, request.body, expectedVersion(request));
    return reply.code(note ? 201 : 200).send({ data: await detail(request, request.params.id) });
  });
}
