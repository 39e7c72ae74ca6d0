import fastifyMultipart from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';
import { orderDocumentKindSchema, requestDocumentKindSchema } from '@freightdesk/shared/schemas/document';
import { requireUser } from '../../lib/access.ts';
import { ORDER_PERMISSIONS, REQUEST_PERMISSIONS } from '../../lib/policy.ts';
import { routeApp } from '../../lib/route-app.ts';
import { UPLOAD_LIMITS } from './document-upload.ts';
import { orderOwner, requestOwner } from './document-owners.ts';
import { type DocumentRouteDeps, registerCarrierReads, registerDocumentSet } from './document-route-sets.ts';

// Attachments follow the request's detail page (read) and uploads its add / edit (the policy's
// `attach`); order documents follow the order pages. The policy (lib/policy.ts) holds the rules.
const DIRS = [
  [1, 'outbound'],
  [2, 'inbound'],
] as const;

const SHIPPER = [3, 4] as const;
const CARRIER = { access: { userTypes: [2] } } as const;

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

/** The carrier portal's request attachments (read only) and order documents. */
function registerCarrierRoutes(deps: DocumentRouteDeps) {
  const { db } = deps;
  // Carrier portal. Hide-material: while a request hides its material, none of its attachments
  // reach carriers (any file or file name may name the product); docs/decisions/0046.
  const tags = ['carrier portal'];
  registerCarrierReads(deps, '/carrier/requests/:id/attachments', tags, (request, id) =>
    requestOwner(db, requireUser(request), 'read', id),
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
