import { tdsProfileAnswer } from '@freightdesk/shared/schemas/answers-masters-account';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { tdsCertificateSchema, tdsDeclarationSchema } from '@freightdesk/shared/schemas/tds';
import { carrierOf } from '../../lib/access.ts';
import { writeAudit } from '../../repositories/audit.repository.ts';
import { badRequest } from '../../lib/errors.ts';
import { addCertificate, saveDeclaration, tdsProfile, worksFor } from '../../repositories/tds.repository.ts';

/**
 * `/api/carrier/company/tds`: what the carrier gives its shippers for TDS (issue 33): its 194C(6)
 * declaration for a year (ten or fewer goods carriages, with its PAN) and the lower-deduction
 * certificates it holds, each naming one shipper. The carrier's users alone write them; a shipper's
 * payment reads them when it works out the TDS (modules/invoices/tds.service.ts).
 */
export async function carrierTdsRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db } = app.deps.database;
  const config = { access: { userTypes: [2] } } as const;
  const tags = ['carrier portal'];
  app.get('', { config, schema: { tags, response: { 200: tdsProfileAnswer } } }, async (request) => ({
    data: await tdsProfile(db, carrierOf(request).carrierId),
  }));
  app.put(
    '/declaration',
    { config, schema: { tags, body: tdsDeclarationSchema, response: { 200: tdsProfileAnswer } } },
    async (request) => {
      const user = carrierOf(request);
      const profile = await tdsProfile(db, user.carrierId);
      if (!profile.pan) {
        throw badRequest('financialYear', 'A declaration counts only with your PAN: add it to your company profile first.');
      }
      await db.transaction(async (tx) => {
        await saveDeclaration(tx, user.carrierId, user.id, request.body);
        const entry = { industryId: null, actorUserId: user.id, entity: 'carrier', entityId: user.carrierId };
        await writeAudit(tx, { ...entry, action: 'tds_declaration', to: `${request.body.financialYear}: ${request.body.carriages}` });
      });
      return { data: await tdsProfile(db, user.carrierId) };
    },
  );
  app.post(
    '/certificates',
    { config, schema: { tags, body: tdsCertificateSchema, response: { 201: tdsProfileAnswer } } },
    async (request, reply) => {
      const user = carrierOf(request);
      await db.transaction(async (tx) => {
        if (!(await worksFor(tx, user.carrierId, request.body.industryId))) {
          throw badRequest('industryId', 'Choose one of the shippers you work for.');
        }
        const id = await addCertificate(tx, user.carrierId, user.id, request.body);
        if (id === null) {
          throw badRequest('number', `Certificate ${request.body.number} is already recorded for this shipper.`);
        }
        const entry = { industryId: request.body.industryId, actorUserId: user.id, entity: 'tds_certificate', entityId: id };
        await writeAudit(tx, { ...entry, action: 'created', to: `${request.body.ratePct}%` });
      });
      return reply.code(201).send({ data: await tdsProfile(db, user.carrierId) });
    },
  );
}
