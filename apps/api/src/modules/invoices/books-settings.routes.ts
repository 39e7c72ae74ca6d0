import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  BANK_SHEET_FIELDS,
  bankTemplateSchema,
  DEFAULT_BANK_TEMPLATE,
  DEFAULT_LEDGER_TEMPLATE,
  debitAccountSchema,
  LEDGER_SHEET_FIELDS,
  ledgerTemplateSchema,
} from '@freightdesk/shared/schemas/column-sheet';
import { booksSettingsAnswer } from '@freightdesk/shared/schemas/answers-money';
import { requireUser } from '../../lib/access.ts';
import { forbidden } from '../../lib/errors.ts';
import { ruleOrForbidden } from '../../lib/policy-require.ts';
import { booksSettings, saveBooksSettings } from '../../repositories/books-settings.repository.ts';

/**
 * `/api/invoices/books-settings` (issue 33): the shipper's debit account and its column templates
 * for the bank payment file and the ledger CSV. Read and changed by whoever may download the bank
 * file (the `payment-summary` permission and the policy's invoice rule, the bank file's own check),
 * always for the caller's own company: no route takes a company, so another shipper's settings are
 * out of reach. A template is checked field by field (400 on `columns.3.field`); DELETE of a
 * template goes back to the built-in layout.
 */
const templateParams = z.object({
  kind: z.enum(['bank-template', 'ledger-template'], { error: 'kind is bank-template or ledger-template' }),
});

export async function booksSettingsRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db } = app.deps.database;
  const tags = ['invoices'];
  const response = { 200: booksSettingsAnswer };
  const config = { access: { permission: 'payment-summary' } } as const;
  /** The bank file's check, then the caller's company (a shipper's user only). */
  const shipper = (request: FastifyRequest) => {
    const user = requireUser(request);
    ruleOrForbidden(user, 'invoice', 'list');
    if (!user.industryId) {
      throw forbidden();
    }
    return { userId: user.id, industryId: user.industryId };
  };
  const answer = async (industryId: number) => ({
    data: {
      ...(await booksSettings(db, industryId)),
      defaults: { bank: DEFAULT_BANK_TEMPLATE, ledger: DEFAULT_LEDGER_TEMPLATE },
      fields: { bank: BANK_SHEET_FIELDS, ledger: LEDGER_SHEET_FIELDS },
    },
  });
  const path = '/books-settings';
  app.get(path, { config, schema: { tags, response } }, async (request) => answer(shipper(request).industryId));
  app.put(`${path}/debit-account`, { config, schema: { tags, response, body: debitAccountSchema } }, async (request) => {
    const { userId, industryId } = shipper(request);
    const { accountName, accountNumber, ifsc } = request.body;
    await saveBooksSettings(db, industryId, userId, { debitAccountName: accountName, debitAccountNumber: accountNumber, debitIfsc: ifsc });
    return answer(industryId);
  });
  app.put(`${path}/bank-template`, { config, schema: { tags, response, body: bankTemplateSchema } }, async (request) => {
    const { userId, industryId } = shipper(request);
    await saveBooksSettings(db, industryId, userId, { bankTemplate: request.body });
    return answer(industryId);
  });
  app.put(`${path}/ledger-template`, { config, schema: { tags, response, body: ledgerTemplateSchema } }, async (request) => {
    const { userId, industryId } = shipper(request);
    await saveBooksSettings(db, industryId, userId, { ledgerTemplate: request.body });
    return answer(industryId);
  });
  app.delete(`${path}/:kind`, { config, schema: { tags, response, params: templateParams } }, async (request) => {
    const { userId, industryId } = shipper(request);
    const change = request.params.kind === 'bank-template' ? { bankTemplate: null } : { ledgerTemplate: null };
    await saveBooksSettings(db, industryId, userId, change);
    return answer(industryId);
  });
}
