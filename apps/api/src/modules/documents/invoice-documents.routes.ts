import fastifyMultipart from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { idParamSchema } from '@freightdesk/shared/schemas/common';
import { documentParamsSchema, invoiceDocumentKindSchema } from '@freightdesk/shared/schemas/document';
import { requireUser } from '../../lib/access.ts';
import { forbidden } from '../../lib/errors.ts';
import type { Action } from '../../lib/policy.ts';
import { invoiceOwnerRow } from '../../repositories/document-owners.repository.ts';
import { sendDocument } from './document-send.ts';
import { receiveUpload, UPLOAD_LIMITS } from './document-upload.ts';
import type { DocumentOwner } from './document-owners.ts';
import { addDocument, listDocuments, removeDocument } from './documents.service.ts';

/**
 * An invoice's supporting documents (POD, LR, weighbridge slips): the carrier that raised it attaches
 * and removes its own while the invoice is not yet approved; the shipper's users who may see the
 * invoice read them. Access is the policy's invoice rule; files go through the one upload, storage
 * and download path of every document.
 */
export async function invoiceDocumentRoutes(fastify: FastifyInstance) {
  await fastify.register(fastifyMultipart, { limits: UPLOAD_LIMITS, throwFileSizeLimit: true });
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db } = app.deps.database;
  const storage = () => app.deps.storage;
  const tags = ['documents'];
  const owner = async (request: FastifyRequest, id: number, action: Action): Promise<DocumentOwner & { status: string }> => {
    const row = await invoiceOwnerRow(db, requireUser(request), action, id);
    return { ownerType: 'invoice', ownerId: row.id, industryId: row.industryId, status: row.status };
  };
  const shipper = { access: { permission: 'payment-summary' } } as const;
  const carrier = { access: { userTypes: [2] } } as const;
  app.get('/invoices/:id/documents', { config: shipper, schema: { tags, params: idParamSchema } }, async (request) => ({
    data: await listDocuments(db, await owner(request, request.params.id, 'read'), 'shipper'),
  }));
  app.get(
    '/invoices/:id/documents/:docId/download',
    { config: shipper, schema: { tags, params: documentParamsSchema } },
    async (request, reply) =>
      sendDocument(db, storage(), request, reply, await owner(request, request.params.id, 'read'), request.params.docId),
  );
  const carrierTags = ['carrier portal'];
  app.get(
    '/carrier/invoices/:id/documents',
    { config: carrier, schema: { tags: carrierTags, params: idParamSchema } },
    async (request) => ({
      data: await listDocuments(db, await owner(request, request.params.id, 'read'), 'carrier'),
    }),
  );
  app.get(
    '/carrier/invoices/:id/documents/:docId/download',
    { config: carrier, schema: { tags: carrierTags, params: documentParamsSchema } },
    async (request, reply) =>
      sendDocument(db, storage(), request, reply, await owner(request, request.params.id, 'read'), request.params.docId),
  );
  const open = async (request: FastifyRequest, id: number) => {
    const target = await owner(request, id, 'attach');
    if (target.status !== 'submitted' && target.status !== 'disputed') {
      throw forbidden('The invoice is approved: its documents can no longer change.');
    }
    return target;
  };
  app.post(
    '/carrier/invoices/:id/documents',
    { config: carrier, schema: { tags: carrierTags, params: idParamSchema } },
    async (request, reply) => {
      const target = await open(request, request.params.id);
      const upload = await receiveUpload(request, storage(), invoiceDocumentKindSchema);
      const user = requireUser(request);
      return reply
        .code(201)
        .send({ data: await addDocument(db, storage(), target, upload, { id: user.id, userType: user.userType }, request.log) });
    },
  );
  app.delete(
    '/carrier/invoices/:id/documents/:docId',
    { config: carrier, schema: { tags: carrierTags, params: documentParamsSchema } },
    async (request) => {
      const target = await open(request, request.params.id);
      const user = requireUser(request);
      await removeDocument(db, storage(), target, request.params.docId, { id: user.id, userType: user.userType }, request.log);
      return { data: { id: request.params.docId, deleted: true } };
    },
  );
}
