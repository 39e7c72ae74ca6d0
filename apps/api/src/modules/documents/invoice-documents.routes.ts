import fastifyMultipart from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { idParamSchema } from '@freightdesk/shared/schemas/common';
import { documentParamsSchema, documentSchema, invoiceDocumentKindSchema } from '@freightdesk/shared/schemas/document';
import { dataAnswer, documentListAnswer } from '@freightdesk/shared/schemas/answers';
import { documentDeletedAnswer } from '@freightdesk/shared/schemas/answers-procurement';
import type { Db } from '../../db/client.ts';
import { requireUser } from '../../lib/access.ts';
import { type RouteApp, routeApp } from '../../lib/route-app.ts';
import type { Storage } from '../../lib/storage.ts';
import { forbidden } from '../../lib/errors.ts';
import { fileAnswer } from '../../openapi/file-answers.ts';
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
  const app = routeApp(fastify);
  const { db } = app.deps.database;
  const deps: InvoiceRouteDeps = {
    app,
    db,
    storage: () => app.deps.storage,
    owner: async (request, id, action) => {
      const row = await invoiceOwnerRow(db, requireUser(request), action, id);
      return { ownerType: 'invoice', ownerId: row.id, industryId: row.industryId, status: row.status };
    },
  };
  registerInvoiceReads(deps);
  registerCarrierWrites(deps);
}

/** The invoice and its status, as the policy allows `action`. */
type InvoiceOwnerOf = (request: FastifyRequest, id: number, action: Action) => Promise<DocumentOwner & { status: string }>;
type InvoiceRouteDeps = { app: RouteApp; db: Db; storage: () => Storage; owner: InvoiceOwnerOf };

const CARRIER = { access: { userTypes: [2] } } as const;
const CARRIER_TAGS = ['carrier portal'];
const DOWNLOAD = fileAnswer('The document as it was uploaded', 'any');

/** The list and download, for the shipper's users and for the carrier. */
function registerInvoiceReads({ app, db, storage, owner }: InvoiceRouteDeps) {
  const tags = ['documents'];
  const shipper = { access: { permission: 'payment-summary' } } as const;
  app.get(
    '/invoices/:id/documents',
    { config: shipper, schema: { tags, params: idParamSchema, response: { 200: documentListAnswer } } },
    async (request) => ({
      data: await listDocuments(db, await owner(request, request.params.id, 'read'), 'shipper'),
    }),
  );
  app.get(
    '/invoices/:id/documents/:docId/download',
    { config: { ...shipper, fileAnswer: DOWNLOAD }, schema: { tags, params: documentParamsSchema } },
    async (request, reply) =>
      sendDocument(db, storage(), request, reply, await owner(request, request.params.id, 'read'), request.params.docId),
  );
  app.get(
    '/carrier/invoices/:id/documents',
    { config: CARRIER, schema: { tags: CARRIER_TAGS, params: idParamSchema, response: { 200: documentListAnswer } } },
    async (request) => ({
      data: await listDocuments(db, await owner(request, request.params.id, 'read'), 'carrier'),
    }),
  );
  app.get(
    '/carrier/invoices/:id/documents/:docId/download',
    { config: { ...CARRIER, fileAnswer: DOWNLOAD }, schema: { tags: CARRIER_TAGS, params: documentParamsSchema } },
    async (request, reply) =>
      sendDocument(db, storage(), request, reply, await owner(request, request.params.id, 'read'), request.params.docId),
  );
}

/** The carrier's upload and delete, while the invoice is not yet approved. */
function registerCarrierWrites({ app, db, storage, owner }: InvoiceRouteDeps) {
  const open = async (request: FastifyRequest, id: number) => {
    const target = await owner(request, id, 'attach');
    if (target.status !== 'submitted' && target.status !== 'disputed') {
      throw forbidden('The invoice is approved: its documents can no longer change.');
    }
    return target;
  };
  app.post(
    '/carrier/invoices/:id/documents',
    { config: CARRIER, schema: { tags: CARRIER_TAGS, params: idParamSchema, response: { 201: dataAnswer(documentSchema) } } },
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
    { config: CARRIER, schema: { tags: CARRIER_TAGS, params: documentParamsSchema, response: { 200: documentDeletedAnswer } } },
    async (request) => {
      const target = await open(request, request.params.id);
      const user = requireUser(request);
      await removeDocument(db, storage(), target, request.params.docId, { id: user.id, userType: user.userType }, request.log);
      return { data: { id: request.params.docId, deleted: true as const } };
    },
  );
}
