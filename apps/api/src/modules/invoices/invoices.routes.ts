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
} from '@freightdesk/shared/schemas/invoice';
import type { TaxInvoiceSource } from '@freightdesk/shared/tax-invoice';
import type { InvoiceDetail } from '@freightdesk/shared/schemas/invoice-views';
import { carrierOf, requireUser } from '../../lib/access.ts';
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
import { bookExportRoutes, summaryQuerySchema } from './book-exports.routes.ts';
import { invoicePdf, invoicePdfFileName, notePdf } from './invoice-pdf.ts';
import { sendPdf } from '../../lib/pdf.ts';
import { invoiceAnswer, invoiceListAnswer } from '@freightdesk/shared/schemas/answers';
import * as answers from '@freightdesk/shared/schemas/answers-money';
import { fileAnswer } from '../../openapi/file-answers.ts';

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

/** The declared reads of both sides (summary and answer in the OpenAPI document; record 0286). */
const SHIPPER_READS = {
  list: { summary: "List carriers' invoices to the shipper", querystring: invoiceListQuerySchema, response: { 200: invoiceListAnswer } },
  one: {
    summary: 'Read one invoice with its lines, audit, versions and payments',
    params: idParamSchema,
    response: { 200: invoiceAnswer },
  },
  summary: { querystring: summaryQuerySchema, response: { 200: answers.paymentSummaryAnswer } },
};
const CARRIER_READS = {
  list: { summary: "List the carrier's invoices", querystring: carrierInvoiceListQuerySchema, response: { 200: invoiceListAnswer } },
  one: { summary: "Read one of the carrier's invoices", params: idParamSchema, response: { 200: invoiceAnswer } },
  billable: { querystring: billableOrdersQuerySchema, response: { 200: answers.billableOrderListAnswer } },
  summary: { querystring: z.object({ industryId: idQuery.optional() }), response: { 200: answers.paymentSummaryAnswer } },
};
/** The declared moves of both sides: each answers the invoice as the detail gives it (or a preview). */
const moved = { 200: answers.invoiceMoveAnswer };
const SHIPPER_MOVES = {
  review: { params: idParamSchema, body: invoiceReviewSchema, response: moved },
  approve: { params: idParamSchema, response: { 200: answers.approveMatchingAnswer } },
  paymentPreview: { params: idParamSchema, body: invoicePaymentPreviewSchema, response: { 200: answers.paymentPreviewAnswer } },
  payment: { params: idParamSchema, body: invoicePaymentSchema, response: { 201: answers.invoiceMoveAnswer } },
};
const CARRIER_MOVES = {
  preview: { body: invoicePreviewSchema, response: { 200: answers.invoicePreviewAnswer } },
  create: { summary: 'Submit an invoice for delivered orders', body: invoiceInputSchema, response: { 201: answers.invoiceMoveAnswer } },
  /** 201 with a credit note, 200 when the carrier answered with its reasons only. */
  creditNote: { params: idParamSchema, body: creditNoteInputSchema, response: { ...moved, 201: answers.invoiceMoveAnswer } },
};
/** The PDF routes' config: the side's access, and the file they answer. */
const pdfConfig = <C extends object>(config: C, description: string) => ({ ...config, fileAnswer: fileAnswer(description, 'pdf') });

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
  app.get('/summary', { config, schema: { tags, ...SHIPPER_READS.summary } }, async (request) => ({
    data: await paymentSummary(db, scopeOf(request, 'list'), 'carrier', request.query),
  }));
  // The files for the bank and the books (bookExportRoutes).
  await app.register(bookExportRoutes);
  app.get('/:id', { config, schema: { tags, ...SHIPPER_READS.one } }, async (request) => ({
    data: await detail(request, request.params.id),
  }));
  // The tax invoice as a PDF file (the same invoice, the same access as `/:id`).
  app.get('/:id/pdf', { config: pdfConfig(config, 'The tax invoice'), schema: { tags, params } }, async (request, reply) =>
    sendInvoicePdf(reply, await detail(request, request.params.id)),
  );
  const noteConfig = pdfConfig(config, 'The credit or debit note');
  app.get('/:id/notes/:noteId/pdf', { config: noteConfig, schema: { tags, params: noteParams } }, async (request, reply) =>
    sendNotePdf(reply, await detail(request, request.params.id), request.params.noteId),
  );
  app.post('/:id/review', { config, schema: { tags, ...SHIPPER_MOVES.review } }, async (request) => {
    await reviewInvoice(db, shipperOf(request), request.params.id, scopeOf(request, 'change'), request.body, expectedVersion(request));
    return { data: await detail(request, request.params.id) };
  });
  app.post('/:id/approve-matching', { config, schema: { tags, ...SHIPPER_MOVES.approve } }, async (request) => {
    const approved = await approveMatching(db, shipperOf(request), request.params.id, scopeOf(request, 'change'), expectedVersion(request));
    return { data: await detail(request, request.params.id), approved };
  });
  // The TDS the payment would carry and what goes to the bank, before it is recorded (nothing is written).
  app.post('/:id/payments/preview', { config, schema: { tags, ...SHIPPER_MOVES.paymentPreview } }, async (request) => {
    const d = await previewPayment(db, request.params.id, scopeOf(request, 'change'), request.body);
    const { basePaise, deductedOnPaise, tdsPaise, netPaise, ratePct, rule } = d;
    return { data: { basePaise, deductedOnPaise, tdsPaise, netPaise, ratePct, rule } };
  });
  app.post('/:id/payments', { config, schema: { tags, ...SHIPPER_MOVES.payment } }, async (request, reply) => {
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
  const detail = (request: FastifyRequest, id: number) => invoiceDetail(db, id, scopeOf(request, 'read'), 'carrier');
  app.get('', { config, schema: { tags, ...CARRIER_READS.list } }, async (request) =>
    listInvoices(db, scopeOf(request, 'list'), request.query),
  );
  app.get('/billable-orders', { config, schema: { tags, ...CARRIER_READS.billable } }, async (request) =>
    billableOrders(db, carrierOf(request).carrierId, request.query),
  );
  app.get('/summary', { config, schema: { tags, ...CARRIER_READS.summary } }, async (request) => ({
    data: await paymentSummary(db, scopeOf(request, 'list'), 'shipper', request.query),
  }));
  app.get('/:id', { config, schema: { tags, ...CARRIER_READS.one } }, async (request) => ({
    data: await detail(request, request.params.id),
  }));
  app.get('/:id/pdf', { config: pdfConfig(config, 'The tax invoice'), schema: { tags, params } }, async (request, reply) =>
    sendInvoicePdf(reply, await detail(request, request.params.id)),
  );
  const noteConfig = pdfConfig(config, 'The credit or debit note');
  app.get('/:id/notes/:noteId/pdf', { config: noteConfig, schema: { tags, params: noteParams } }, async (request, reply) =>
    sendNotePdf(reply, await detail(request, request.params.id), request.params.noteId),
  );
  /** The draft's GST and total before it is sent (nothing is written). */
  app.post('/preview', { config, schema: { tags, ...CARRIER_MOVES.preview } }, async (request) => ({
    data: await previewInvoice(db, carrierOf(request), request.body),
  }));
  app.post('', { config, schema: { tags, ...CARRIER_MOVES.create } }, async (request, reply) => {
    const id = await createInvoice(db, carrierOf(request), request.body);
    return reply.code(201).send({ data: await detail(request, id) });
  });
  // The answer to a dispute: a credit note on the disputed lines, or the carrier's reasons (nothing credited).
  app.post('/:id/credit-notes', { config, schema: { tags, ...CARRIER_MOVES.creditNote } }, async (request, reply) => {
    const note = await answerDispute(db, carrierOf(request), request.params.id, request.body, expectedVersion(request));
    return reply.code(note ? 201 : 200).send({ data: await detail(request, request.params.id) });
  });
}
