import fastifyMultipart from '@fastify/multipart';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { idParamSchema } from '@freightdesk/shared/schemas/common';
import { contractDocumentKindSchema, documentParamsSchema, requestDocumentKindSchema } from '@freightdesk/shared/schemas/document';
import type { Db } from '../../db/client.ts';
import { requireUser } from '../../lib/access.ts';
import { notFound } from '../../lib/errors.ts';
import type { Action } from '../../lib/policy.ts';
import { contractOwnerRow, rfqOwnerRow } from '../../repositories/document-owners.repository.ts';
import { receiveUpload, UPLOAD_LIMITS } from './document-upload.ts';
import type { DocumentOwner } from './document-owners.ts';
import { addDocument, listDocuments, removeDocument } from './documents.service.ts';
import { sendDocument } from './document-send.ts';

type Kind = 'rfq' | 'contract';

/** The RFQ or contract whose documents the viewer asks for, as the policy allows `action` (403 / 404). */
async function ownerOf(db: Db, request: FastifyRequest, kind: Kind, id: number, action: Action): Promise<DocumentOwner> {
  const viewer = requireUser(request);
  if (kind === 'rfq') {
    const row = await rfqOwnerRow(db, viewer, action, id);
    return { ownerType: 'rfq', ownerId: row.id, industryId: row.industryId, hideMaterial: row.hideMaterial };
  }
  const row = await contractOwnerRow(db, viewer, action, id);
  return { ownerType: 'contract', ownerId: row.id, industryId: row.industryId };
}

/**
 * An RFQ's attachments (lane details, loading instructions: the shipper adds them, invited carriers
 * read them unless the RFQ hides its material) and a contract's documents (signed agreement, SLA:
 * the shipper adds them, the contract's carrier reads them). Access is the policy's RFQ and
 * contract rules; the files go through the same upload, storage and download as every document.
 */
export async function contractDocumentRoutes(fastify: FastifyInstance) {
  await fastify.register(fastifyMultipart, { limits: UPLOAD_LIMITS, throwFileSizeLimit: true });
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db } = app.deps.database;
  const storage = () => app.deps.storage;
  const tags = ['documents'];
  const send = (request: FastifyRequest, reply: FastifyReply, owner: DocumentOwner, docId: number) =>
    sendDocument(db, storage(), request, reply, owner, docId);
  const areas = [
    { kind: 'rfq', base: '/rfqs/:id/attachments', read: ['list-rfp', 'add-rfp'], write: ['add-rfp'], kinds: requestDocumentKindSchema },
    {
      kind: 'contract',
      base: '/contracts/:id/documents',
      read: ['list-indent', 'detail-indent'],
      write: ['add-indent', 'edit-indent'],
      kinds: contractDocumentKindSchema,
    },
  ] as const;
  for (const area of areas) {
    const read = { access: { anyOf: [...area.read] } };
    const write = { access: { anyOf: [...area.write] } };
    const owner = (request: FastifyRequest, id: number, action: Action = 'read') => ownerOf(db, request, area.kind, id, action);
    app.get(area.base, { config: read, schema: { tags, params: idParamSchema } }, async (request) => ({
      data: await listDocuments(db, await owner(request, request.params.id), 'shipper'),
    }));
    app.post(area.base, { config: write, schema: { tags, params: idParamSchema } }, async (request, reply) => {
      const target = await owner(request, request.params.id, 'attach');
      const upload = await receiveUpload(request, storage(), area.kinds);
      return reply.code(201).send({
        data: await addDocument(
          db,
          storage(),
          target,
          upload,
          { id: requireUser(request).id, userType: requireUser(request).userType },
          request.log,
        ),
      });
    });
    app.get(`${area.base}/:docId/download`, { config: read, schema: { tags, params: documentParamsSchema } }, async (request, reply) =>
      send(request, reply, await owner(request, request.params.id), request.params.docId),
    );
    app.delete(`${area.base}/:docId`, { config: write, schema: { tags, params: documentParamsSchema } }, async (request) => {
      const target = await owner(request, request.params.id, 'attach');
      const user = requireUser(request);
      await removeDocument(db, storage(), target, request.params.docId, { id: user.id, userType: user.userType }, request.log);
      return { data: { id: request.params.docId, deleted: true } };
    });
    // The carrier reads what it was invited to (RFQ) or signed (contract); an RFQ hiding its material hides its files too.
    const carrier = { access: { userTypes: [2] } } as const;
    const carrierTags = ['carrier portal'];
    app.get(`/carrier${area.base}`, { config: carrier, schema: { tags: carrierTags, params: idParamSchema } }, async (request) => {
      const found = await owner(request, request.params.id);
      return { data: found.hideMaterial ? [] : await listDocuments(db, found, 'carrier'), materialHidden: Boolean(found.hideMaterial) };
    });
    app.get(
      `/carrier${area.base}/:docId/download`,
      { config: carrier, schema: { tags: carrierTags, params: documentParamsSchema } },
      async (request, reply) => {
        const found = await owner(request, request.params.id);
        if (found.hideMaterial) {
          throw notFound('Document');
        }
        return send(request, reply, found, request.params.docId);
      },
    );
  }
}
