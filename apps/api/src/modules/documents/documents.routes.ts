import fastifyMultipart from '@fastify/multipart';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { idParamSchema } from '@freightdesk/shared/schemas/common';
import { documentParamsSchema, orderDocumentKindSchema, requestDocumentKindSchema } from '@freightdesk/shared/schemas/document';
import { requireUser } from '../../lib/access.ts';
import { notFound } from '../../lib/errors.ts';
import { type Action, ORDER_PERMISSIONS, REQUEST_PERMISSIONS } from '../../lib/policy.ts';
import { receiveUpload, UPLOAD_LIMITS } from './document-upload.ts';
import { type DocumentActor, type DocumentOwner, orderOwner, requestOwner } from './document-owners.ts';
import { addDocument, listDocuments, removeDocument } from './documents.service.ts';
import { sendDocument } from './document-send.ts';

// Attachments follow the request's detail page (read) and uploads its add / edit (the policy's
// `attach`); order documents follow the order pages. The policy (lib/policy.ts) holds the rules.
const DIRS = [
  [1, 'outbound'],
  [2, 'inbound'],
] as const;

const SHIPPER = [3, 4] as const;
const CARRIER = { access: { userTypes: [2] } } as const;

const actorOf = (request: FastifyRequest): DocumentActor => {
  const user = requireUser(request);
  return { id: user.id, userType: user.userType };
};

/**
 * Request attachments and order documents, for the shipper (both directions) and the carrier
 * portal. Registered under `/api`; multipart parsing is registered here only, so every other route
 * keeps refusing multipart bodies.
 */
export async function documentRoutes(fastify: FastifyInstance) {
  await fastify.register(fastifyMultipart, { limits: UPLOAD_LIMITS, throwFileSizeLimit: true });
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db } = app.deps.database;
  // Read at call time, so a test can point the app at a scratch folder.
  const storage = () => app.deps.storage;

  const send = (request: FastifyRequest, reply: FastifyReply, owner: DocumentOwner, docId: number) =>
    sendDocument(db, storage(), request, reply, owner, docId);

  for (const [requestType, dir] of DIRS) {
    const base = `/requests/${dir}/:id/attachments`;
    const tags = ['documents'];
    const detail = { access: { permission: REQUEST_PERMISSIONS[requestType].detail } };
    const write = { access: { userTypes: SHIPPER } };
    const owner = (request: FastifyRequest, id: number, action: Action = 'read') =>
      requestOwner(db, requireUser(request), action, id, requestType);

    app.get(base, { config: detail, schema: { tags, params: idParamSchema } }, async (request) => ({
      data: await listDocuments(db, await owner(request, request.params.id), 'shipper'),
    }));
    app.post(base, { config: write, schema: { tags, params: idParamSchema } }, async (request, reply) => {
      const target = await owner(request, request.params.id, 'attach');
      const upload = await receiveUpload(request, storage(), requestDocumentKindSchema);
      return reply.code(201).send({ data: await addDocument(db, storage(), target, upload, actorOf(request), request.log) });
    });
    app.get(`${base}/:docId/download`, { config: detail, schema: { tags, params: documentParamsSchema } }, async (request, reply) =>
      send(request, reply, await owner(request, request.params.id), request.params.docId),
    );
    app.delete(`${base}/:docId`, { config: write, schema: { tags, params: documentParamsSchema } }, async (request) => {
      const target = await owner(request, request.params.id, 'attach');
      await removeDocument(db, storage(), target, request.params.docId, actorOf(request), request.log);
      return { data: { id: request.params.docId, deleted: true } };
    });

    const orderBase = `/orders/${dir}/:id/documents`;
    const order = { access: { permission: ORDER_PERMISSIONS[requestType].list } };
    const shipperOrder = (request: FastifyRequest, id: number, action: Action = 'read') =>
      orderOwner(db, requireUser(request), action, id, requestType);
    app.get(orderBase, { config: order, schema: { tags, params: idParamSchema } }, async (request) => ({
      data: await listDocuments(db, await shipperOrder(request, request.params.id), 'shipper'),
    }));
    app.post(orderBase, { config: order, schema: { tags, params: idParamSchema } }, async (request, reply) => {
      const target = await shipperOrder(request, request.params.id, 'attach');
      const upload = await receiveUpload(request, storage(), orderDocumentKindSchema);
      return reply.code(201).send({ data: await addDocument(db, storage(), target, upload, actorOf(request), request.log) });
    });
    app.get(`${orderBase}/:docId/download`, { config: order, schema: { tags, params: documentParamsSchema } }, async (request, reply) =>
      send(request, reply, await shipperOrder(request, request.params.id), request.params.docId),
    );
    app.delete(`${orderBase}/:docId`, { config: order, schema: { tags, params: documentParamsSchema } }, async (request) => {
      const target = await shipperOrder(request, request.params.id, 'attach');
      await removeDocument(db, storage(), target, request.params.docId, actorOf(request), request.log);
      return { data: { id: request.params.docId, deleted: true } };
    });
  }

  // Carrier portal. Hide-material: while a request hides its material, none of its attachments
  // reach carriers (any file or file name may name the product); docs/decisions/0046.
  const tags = ['carrier portal'];
  app.get('/carrier/requests/:id/attachments', { config: CARRIER, schema: { tags, params: idParamSchema } }, async (request) => {
    const owner = await requestOwner(db, requireUser(request), 'read', request.params.id);
    return {
      data: owner.hideMaterial ? [] : await listDocuments(db, owner, 'carrier'),
      materialHidden: Boolean(owner.hideMaterial),
    };
  });
  app.get(
    '/carrier/requests/:id/attachments/:docId/download',
    { config: CARRIER, schema: { tags, params: documentParamsSchema } },
    async (request, reply) => {
      const owner = await requestOwner(db, requireUser(request), 'read', request.params.id);
      if (owner.hideMaterial) {
        throw notFound('Document');
      }
      return send(request, reply, owner, request.params.docId);
    },
  );

  const carrierOrder = (request: FastifyRequest, id: number, action: Action = 'read') => orderOwner(db, requireUser(request), action, id);
  app.get('/carrier/orders/:id/documents', { config: CARRIER, schema: { tags, params: idParamSchema } }, async (request) => ({
    data: await listDocuments(db, await carrierOrder(request, request.params.id), 'carrier'),
  }));
  app.post('/carrier/orders/:id/documents', { config: CARRIER, schema: { tags, params: idParamSchema } }, async (request, reply) => {
    const target = await carrierOrder(request, request.params.id, 'attach');
    const upload = await receiveUpload(request, storage(), orderDocumentKindSchema);
    return reply.code(201).send({ data: await addDocument(db, storage(), target, upload, actorOf(request), request.log) });
  });
  app.get(
    '/carrier/orders/:id/documents/:docId/download',
    { config: CARRIER, schema: { tags, params: documentParamsSchema } },
    async (request, reply) => send(request, reply, await carrierOrder(request, request.params.id), request.params.docId),
  );
  app.delete(
    '/carrier/orders/:id/documents/:docId',
    { config: CARRIER, schema: { tags, params: documentParamsSchema } },
    async (request) => {
      const target = await carrierOrder(request, request.params.id, 'attach');
      await removeDocument(db, storage(), target, request.params.docId, actorOf(request), request.log);
      return { data: { id: request.params.docId, deleted: true } };
    },
  );
}
