import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { carrierRfqAnswer, rfqListAnswer, rfqQuotesSavedAnswer } from '@freightdesk/shared/schemas/answers-procurement-rfq';
import { contractAnswer, contractListAnswer } from '@freightdesk/shared/schemas/answers-procurement-contract';
import { idParamSchema } from '@freightdesk/shared/schemas/common';
import { contractListQuerySchema } from '@freightdesk/shared/schemas/contract';
import { rfqListQuerySchema, rfqQuotesInputSchema } from '@freightdesk/shared/schemas/rfq';
import { carrierOf, requireUser } from '../../lib/access.ts';
import { exportFormatSchema, sendExport } from '../../lib/export.ts';
import { registerUploadRoute } from '../../lib/import-routes.ts';
import { ruleOrForbidden } from '../../lib/policy-require.ts';
import { contractDetail, listContracts } from './contracts.service.ts';
import { carrierRfq } from './rfq-carrier.service.ts';
import { QUOTE_SHEET_COLUMNS, quoteSheetExportColumns, quoteSheetRows, quotesFromSheet } from './rfq-quote-sheet.ts';
import { submitQuotes } from './rfq-rounds.service.ts';
import { listRfqs } from './rfqs.service.ts';
import { registerContractTabs, sheetAnswer } from './rfqs.routes.ts';

/* The carrier portal's RFQs and contracts (the shipper's are in rfqs.routes.ts). */

/**
 * `/api/carrier/rfqs`: the RFQs inviting the carrier (never a draft), each lane with its own quotes
 * only, and its quotes in the open round.
 */
export async function carrierRfqRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db } = app.deps.database;
  const config = { access: { userTypes: [2] } } as const;
  const tags = ['carrier portal'];
  const params = idParamSchema;
  app.get('', { config, schema: { tags, querystring: rfqListQuerySchema, response: { 200: rfqListAnswer } } }, async (request) => {
    carrierOf(request);
    return listRfqs(db, ruleOrForbidden(requireUser(request), 'rfq', 'list'), request.query);
  });
  app.get('/:id', { config, schema: { tags, params, response: { 200: carrierRfqAnswer } } }, async (request) => ({
    data: await carrierRfq(db, carrierOf(request).carrierId, request.params.id, ruleOrForbidden(requireUser(request), 'rfq', 'read')),
  }));
  app.post(
    '/:id/quotes',
    { config, schema: { tags, params, body: rfqQuotesInputSchema, response: { 200: rfqQuotesSavedAnswer } } },
    async (request) => {
      const { user } = carrierOf(request);
      return { data: await submitQuotes(db, user, request.params.id, ruleOrForbidden(user, 'rfq', 'read'), request.body) };
    },
  );
  // The lane sheet to quote offline: download it, fill in rates or declines, upload it back.
  app.get(
    '/:id/sheet',
    {
      config: { ...config, fileAnswer: sheetAnswer("The RFQ's lanes to quote offline, as CSV or XLSX") },
      schema: { tags, params, querystring: z.object({ format: exportFormatSchema }) },
    },
    async (request, reply) => {
      const { carrierId } = carrierOf(request);
      const rfq = await carrierRfq(db, carrierId, request.params.id, ruleOrForbidden(requireUser(request), 'rfq', 'read'));
      return sendExport(reply, request.query.format, `${rfq.number}-lanes`, quoteSheetRows(rfq), quoteSheetExportColumns);
    },
  );
  registerUploadRoute(fastify, {
    url: '/:id/quotes/import',
    config,
    tags,
    params,
    columns: QUOTE_SHEET_COLUMNS,
    answer: rfqQuotesSavedAnswer,
    handle: async (request, file) => {
      const { user, carrierId } = carrierOf(request);
      const id = (request.params as { id: number }).id;
      const scope = ruleOrForbidden(user, 'rfq', 'read');
      const quotes = quotesFromSheet(await carrierRfq(db, carrierId, id, scope), file);
      return { data: await submitQuotes(db, user, id, scope, quotes) };
    },
  });
}

/** `/api/carrier/contracts`: the contracts made with the carrier's company, of any shipper. */
export async function carrierContractRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db } = app.deps.database;
  const config = { access: { userTypes: [2] } } as const;
  const tags = ['carrier portal'];
  app.get('', { config, schema: { tags, querystring: contractListQuerySchema, response: { 200: contractListAnswer } } }, async (request) =>
    listContracts(db, ruleOrForbidden(requireUser(request), 'contract', 'list'), request.query),
  );
  app.get('/:id', { config, schema: { tags, params: idParamSchema, response: { 200: contractAnswer } } }, async (request) => ({
    data: await contractDetail(db, request.params.id, ruleOrForbidden(requireUser(request), 'contract', 'read')),
  }));
  registerContractTabs(fastify, (request, action) => ruleOrForbidden(requireUser(request), 'contract', action), { userTypes: [2] });
}
