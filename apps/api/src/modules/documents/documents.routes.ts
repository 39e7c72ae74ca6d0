import fastifyMultipart from '@fastify/multipart';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Permission } from '@freightdesk/shared/permissions';
import { idParamSchema } from '@freightdesk/shared/schemas/common';
import { documentParamsSchema, orderDocumentKindSchema, requestDocumentKindSchema } from '@freightdesk/shared/schemas/document';
import { requireUser, shipperActor } from '../../lib/access.ts';
import { forbidden, notFound } from '../../lib/errors.ts';
import {
  addDocument,
  carrierOrderOwner,
  carrierRequestOwner,
  contentDisposition,
  type DocumentActor,
  type DocumentOwner,
  findDocument,
  listDocuments,
  openDocument,
  receiveUpload,
  removeDocument,
  shipperOrderOwner,
  shipperRequestOwner,
  UPLOAD_LIMITS,
} from './documents.service.ts';

// The request permissions of requests.routes.ts (PERMISSIONS) and the order list permission of
// orders.routes.ts (LIST): attachments follow the request's detail page, uploads its add / edit;
// order documents follow the order pages, which need the order list permission.
const REQUEST: Record<1 | 2, { detail: Permission; add: Permission; edit: Permission }> = {
  1: { detail: 'detail-outbound-request', add: 'add-outbound-request', edit: 'edit-outbound-request' },
  2: { detail: 'detail-inbound-request', add: 'add-inbound-request', edit: 'edit-inbound-request' },
};
const ORDER: Record<1 | 2, Permission> = { 1: 'list-outbound-order', 2: 'list-inbound-order' };
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
const carrierIdOf = (request: FastifyRequest) => requireUser(request).carrierId ?? 0;

/** The shipper's add or edit permission on a request: the access rule can name one, so this checks the pair. */
function assertAddOrEdit(request: FastifyRequest, perms: { add: Permission; edit: Permission }) {
  const user = requireUser(request);
  if (!user.permissions.includes(perms.edit) && !user.permissions.includes(perms.add)) {
    throw forbidden(`You need the '${perms.edit}' or '${perms.add}' permission for this.`);
  }
}

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

  const send = async (request: FastifyRequest, reply: FastifyReply, owner: DocumentOwner, docId: number) => {
    const doc = await findDocument(db, owner, docId);
    const body = await openDocument(storage(), doc, request.log);
    return reply
      .header('content-type', doc.contentType)
      .header('content-length', doc.sizeBytes)
      .header('content-disposition', contentDisposition(doc.fileName))
      .header('x-content-type-options', 'nosniff')
      .header('content-security-policy', "default-src 'none'; sandbox")
      .header('cache-control', 'private, no-store')
      .send(body);
  };

  for (const [requestType, dir] of DIRS) {
    const perms = REQUEST[requestType];
    const base = `/requests/${dir}/:id/attachments`;
    const tags = ['documents'];
    const detail = { access: { permission: perms.detail } };
    const write = { access: { userTypes: SHIPPER } };
    const owner = (request: FastifyRequest, id: number) => shipperRequestOwner(db, shipperActor(request), requestType, id);

    app.get(base, { config: detail, schema: { tags, params: idParamSchema } }, async (request) => ({
      data: await listDocuments(db, await owner(request, request.params.id), 'shipper'),
    }));
    app.post(base, { config: write, schema: { tags, params: idParamSchema } }, async (request, reply) => {
      assertAddOrEdit(request, perms);
      const target = await owner(request, request.params.id);
      const upload = await receiveUpload(request, storage(), requestDocumentKindSchema);
      return reply.code(201).send({ data: await addDocument(db, storage(), target, upload, actorOf(request), request.log) });
    });
    app.get(`${base}/:docId/download`, { config: detail, schema: { tags, params: documentParamsSchema } }, async (request, reply) =>
      send(request, reply, await owner(request, request.params.id), request.params.docId),
    );
    app.delete(`${base}/:docId`, { config: write, schema: { tags, params: documentParamsSchema } }, async (request) => {
      assertAddOrEdit(request, perms);
      const target = await owner(request, request.params.id);
      await removeDocument(db, storage(), target, request.params.docId, actorOf(request), request.log);
      return { data: { id: request.params.docId, deleted: true } };
    });

    const orderBase = `/orders/${dir}/:id/documents`;
    const order = { access: { permission: ORDER[requestType] } };
    const orderOwner = (request: FastifyRequest, id: number) => shipperOrderOwner(db, shipperActor(request), requestType, id);
    app.get(orderBase, { config: order, schema: { tags, params: idParamSchema } }, async (request) => ({
      data: await listDocuments(db, await orderOwner(request, request.params.id), 'shipper'),
    }));
    app.post(orderBase, { config: order, schema: { tags, params: idParamSchema } }, async (request, reply) => {
      const target = await orderOwner(request, request.params.id);
      const upload = await receiveUpload(request, storage(), orderDocumentKindSchema);
      return reply.code(201).send({ data: await addDocument(db, storage(), target, upload, actorOf(request), request.log) });
    });
    app.get(`${orderBase}/:docId/download`, { config: order, schema: { tags, params: documentParamsSchema } }, async (request, reply) =>
      send(request, reply, await orderOwner(request, request.params.id), request.params.docId),
    );
    app.delete(`${orderBase}/:docId`, { config: order, schema: { tags, params: documentParamsSchema } }, async (request) => {
      const target = await orderOwner(request, request.params.id);
      await removeDocument(db, storage(), target, request.params.docId, actorOf(request), request.log);
      return { data: { id: request.params.docId, deleted: true } };
    });
  }

  // Carrier portal. Hide-material: while a request hides its material, none of its attachments
  // reach carriers (any file or file name may name the product); see docs/decisions.md.
  const tags = ['carrier portal'];
  app.get('/carrier/requests/:id/attachments', { config: CARRIER, schema: { tags, params: idParamSchema } }, async (request) => {
    const owner = await carrierRequestOwner(db, carrierIdOf(request), request.params.id);
    return {
      data: owner.hideMaterial ? [] : await listDocuments(db, owner, 'carrier'),
      materialHidden: Boolean(owner.hideMaterial),
    };
  });
  app.get(
    '/carrier/requests/:id/attachments/:docId/download',
    { config: CARRIER, schema: { tags, params: documentParamsSchema } },
    async (request, reply) => {
      const owner = await carrierRequestOwner(db, carrierIdOf(request), request.params.id);
      if (owner.hideMaterial) {
        throw notFound('Document');
      }
      return send(request, reply, owner, request.params.docId);
    },
  );

  const carrierOrder = (request: FastifyRequest, id: number) => carrierOrderOwner(db, carrierIdOf(request), id);
  app.get('/carrier/orders/:id/documents', { config: CARRIER, schema: { tags, params: idParamSchema } }, async (request) => ({
    data: await listDocuments(db, await carrierOrder(request, request.params.id), 'carrier'),
  }));
  app.post('/carrier/orders/:id/documents', { config: CARRIER, schema: { tags, params: idParamSchema } }, async (request, reply) => {
    const target = await carrierOrder(request, request.params.id);
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
      const target = await carrierOrder(request, request.params.id);
      await removeDocument(db, storage(), target, request.params.docId, actorOf(request), request.log);
      return { data: { id: request.params.docId, deleted: true } };
    },
  );
}
