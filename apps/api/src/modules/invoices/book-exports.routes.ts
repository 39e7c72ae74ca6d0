import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idQuery } from '@freightdesk/shared/schemas/common';
import { periodQuerySchema } from '@freightdesk/shared/schemas/invoice';
import { gstr3bAnswer } from '@freightdesk/shared/schemas/answers-money';
import { requireUser } from '../../lib/access.ts';
import { ruleOrForbidden } from '../../lib/policy-require.ts';
import { contentDisposition } from '../../lib/content-disposition.ts';
import { indiaToday } from '../../lib/india-time.ts';
import { type FILE_TYPES, fileAnswer } from '../../openapi/file-answers.ts';
import { bankFile } from './bank-file.ts';
import { tdsRegisterCsv } from './tds-register.ts';
import { ledgerExport, tallyExport } from './books-export.ts';
import { booksSettingsRoutes } from './books-settings.routes.ts';
import { reverseChargeSummary } from './gstr3b.ts';

/** The policy's invoice rule for listing, or 403. */
const listScope = (request: FastifyRequest) => ruleOrForbidden(requireUser(request), 'invoice', 'list');

/** A CSV file download (no BOM: banks' upload portals and the return utilities read it as is). */
function sendCsv(reply: FastifyReply, fileName: string, text: string) {
  return reply.header('content-disposition', contentDisposition(fileName)).type('text/csv; charset=utf-8').send(text);
}

/** A month as India writes a return period: 2026-12. */
const monthQuerySchema = z.object({
  month: z.string({ error: 'month is required' }).regex(/^\d{4}-(0[1-9]|1[0-2])$/, 'month looks like 2026-12'),
});
export const summaryQuerySchema = z.object({ plantId: idQuery.optional(), carrierLinkId: idQuery.optional() });

/**
 * The shipper's files for its bank and its books, within the policy's invoice rule: the bank bulk-payment
 * file (CSV, no BOM: banks' upload portals read it as is), the TDS register (CSV for the 26Q return)
 * and the TallyPrime import file (XML) of a period.
 */
export async function bookExportRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db } = app.deps.database;
  const tags = ['invoices'];
  const config = { access: { permission: 'payment-summary' } } as const;
  const file = (description: string, kind: keyof typeof FILE_TYPES) => ({ ...config, fileAnswer: fileAnswer(description, kind) });
  const shipperId = (request: FastifyRequest) => requireUser(request).industryId ?? 0;
  // The bank bulk-payment file of what is due (CSV, no BOM: banks' upload portals read it as is).
  const bankConfig = file('The bank bulk-payment file of what is due', 'csv');
  app.get('/bank-file', { config: bankConfig, schema: { tags, querystring: summaryQuerySchema } }, async (request, reply) => {
    return sendCsv(reply, `bank-payments-${indiaToday()}.csv`, await bankFile(db, listScope(request), shipperId(request), request.query));
  });
  // The TDS register of the payments between two days (CSV for the 26Q return).
  const tdsConfig = file('The TDS register of the period (for the 26Q return)', 'csv');
  app.get('/tds-register', { config: tdsConfig, schema: { tags, querystring: periodQuerySchema } }, async (request, reply) => {
    const { from, to } = request.query;
    return sendCsv(reply, `tds-register-${from}-to-${to}.csv`, await tdsRegisterCsv(db, listScope(request), from, to));
  });
  // Table 3.1(d) of GSTR-3B for a month, per recipient GSTIN.
  const gstr3bSchema = { tags, querystring: monthQuerySchema, response: { 200: gstr3bAnswer } };
  app.get('/gstr3b', { config, schema: gstr3bSchema }, async (request) => ({
    data: { month: request.query.month, lines: await reverseChargeSummary(db, listScope(request), request.query.month) },
  }));
  // The period's invoices, notes, TDS and payments as a TallyPrime import file (XML).
  const tallyConfig = file('The TallyPrime import file of the period', 'xml');
  app.get('/tally', { config: tallyConfig, schema: { tags, querystring: periodQuerySchema } }, async (request, reply) => {
    const { from, to } = request.query;
    const xml = await tallyExport(db, listScope(request), shipperId(request), from, to);
    return reply
      .header('content-disposition', contentDisposition(`tally-vouchers-${from}-to-${to}.xml`))
      .type('application/xml; charset=utf-8')
      .send(xml);
  });
  // The same vouchers as one row per posting, in the columns of the shipper's ledger template (CSV).
  const ledgerConfig = file('The ledger of the period as CSV', 'csv');
  app.get('/ledger', { config: ledgerConfig, schema: { tags, querystring: periodQuerySchema } }, async (request, reply) => {
    const { from, to } = request.query;
    return sendCsv(reply, `ledger-${from}-to-${to}.csv`, await ledgerExport(db, listScope(request), shipperId(request), from, to));
  });
  await app.register(booksSettingsRoutes);
}
