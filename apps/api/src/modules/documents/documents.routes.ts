import fastifyMultipart from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Db } from '../../db/client.ts';
import { type Access, requireUser } from '../../lib/access.ts';
import { type RouteApp, routeApp } from '../../lib/route-app.ts';
import type { Storage } from '../../lib/storage.ts';
import { idParamSchema } from '@freightdesk/shared/schemas/common';
import { documentParamsSchema, orderDocumentKindSchema, requestDocumentKindSchema } from '@freightdesk/shared/schemas/document';
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

/** Who owns the documents at a route's `:id`, for an action (read by default), checked by the policy. */
type OwnerOf = (request: FastifyRequest, id: number, action?: Action) => Promise<DocumentOwner>;

/** What the document routes share: the database and the storage. */
type DocumentRouteDeps = { app: RouteApp; db: Db; storage: () => Storage };

/** A set of document routes (list, upload, download, delete) under `base`, for one kind of owner. */
type DocumentRouteSet = {
  base: string;
  tags: string[];
  read: { access: Access };
  write: { access: Access };
  owner: OwnerOf;
  kinds: typeof requestDocumentKindSchema | typeof orderDocumentKindSchema;
  audience: 'shipper' | 'carrier';
};

/**
 * Request attachments and order documents, for the shipper (both directions) and the carrier
 * portal. Registered under `/api`; multipart parsing is registered here only, so every other route
 * keeps refusing multipart bodies.
 */
export async function documentRoutes(fastify: FastifyInstance) {
  await fastify.register(fastifyMultipart, { limits: UPLOAD_LIMITS, throwFileSizeLimit: true });
  const app = routeApp(fastify);
  const { db } = app.deps.database;
  // Read at call time, so a test can point the app at a scratch folder.
  const deps: DocumentRouteDeps = { app, db, storage: () => app.deps.storage };
  for (const [requestType, dir] of DIRS) {
    registerShipperRoutes(deps, requestType, dir);
  }
  registerCarrierRoutes(deps);
}

/** A direction's request attachments and order documents, for the shipper. */
function registerShipperRoutes(deps: DocumentRouteDeps, requestType: 1 | 2, dir: 'outbound' | 'inbound') {
  const { db } = deps;
  const tags = ['documents'];
  const order = { access: { permission: ORDER_PERMISSIONS[requestType].list } };
  registerDocumentSet(deps, {
    base: `/requests/${dir}/:id/attachments`,
    tags,
    read: { access: { permission: REQUEST_PERMISSIONS[requestType].detail } },
    write: { access: { userTypes: SHIPPER } },
    owner: (request, id, action = 'read') => requestOwner(db, requireUser(request), action, id, requestType),
    kinds: requestDocumentKindSchema,
    audience: 'shipper',
  });
  registerDocumentSet(deps, {
    base: `/orders/${dir}/:id/documents`,
    tags,
    read: order,
    write: order,
    owner: (request, id, action = 'read') => orderOwner(db, requireUser(request), action, id, requestType),
    kinds: orderDocumentKindSchema,
    audience: 'shipper',
  });
}

/** The list, upload, download and delete of one set of documents. */
function registerDocumentSet({ app, db, storage }: DocumentRouteDeps, set: DocumentRouteSet) {
  const { base, tags, read, write, owner } = set;
  app.get(base, { config: read, schema: { tags, params: idParamSchema } }, async (request) => ({
    data: await listDocuments(db, await owner(request, request.params.id), set.audience),
  }));
  app.post(base, { config: write, schema: { tags, params: idParamSchema } }, async (request, reply) => {
    const target = await owner(request, request.params.id, 'attach');
    const upload = await receiveUpload(request, storage(), set.kinds);
    return reply.code(201).send({ data: await addDocument(db, storage(), target, upload, actorOf(request), request.log) });
  });
  app.get(`${base}/:docId/download`, { config: read, schema: { tags, params: documentParamsSchema } }, async (request, reply) =>
    sendDocument(db, storage(), request, reply, await owner(request, request.params.id), request.params.docId),
  );
  app.delete(`${base}/:docId`, { config: write, schema: { tags, params: documentParamsSchema } }, async (request) => {
    const target = await owner(request, request.params.id, 'attach');
    await removeDocument(db, storage(), target, request.params.docId, actorOf(request), request.log);
    return { data: { id: request.params.docId, deleted: true } };
  });
}

/** The carrier portal's request attachments (read only) and order documents. */
function registerCarrierRoutes(deps: DocumentRouteDeps) {
  const { app, db, storage } = deps;
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
      return sendDocument(db, storage(), request, reply, owner, request.params.docId);
    },
  );
  registerDocumentSet(deps, {
    base: '/carrier/orders/:id/documents',
    tags,
    read: CARRIER,
    write: CARRIER,
    owner: (request, id, action = 'read') => orderOwner(db, requireUser(request), action, id),
    kinds: orderDocumentKindSchema,
    audience: 'carrier',
  });
}
