import fastifyMultipart from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { contractDocumentKindSchema, requestDocumentKindSchema } from '@freightdesk/shared/schemas/document';
import type { Db } from '../../db/client.ts';
import { requireUser } from '../../lib/access.ts';
import type { Action } from '../../lib/policy.ts';
import { contractOwnerRow, rfqOwnerRow } from '../../repositories/document-owners.repository.ts';
import { routeApp } from '../../lib/route-app.ts';
import { UPLOAD_LIMITS } from './document-upload.ts';
import { type DocumentRouteDeps, type OwnerOf, registerCarrierReads, registerDocumentSet } from './document-route-sets.ts';
import type { DocumentOwner } from './document-owners.ts';

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
  const app = routeApp(fastify);
  const { db } = app.deps.database;
  const deps: DocumentRouteDeps = { app, db, storage: () => app.deps.storage };
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
    const owner: OwnerOf = (request, id, action = 'read') => ownerOf(db, request, area.kind, id, action);
    registerDocumentSet(deps, {
      base: area.base,
      tags: ['documents'],
      read: { access: { anyOf: [...area.read] } },
      write: { access: { anyOf: [...area.write] } },
      owner,
      kinds: area.kinds,
      audience: 'shipper',
    });
    // The carrier reads what it was invited to (RFQ) or signed (contract); an RFQ hiding its material hides its files too.
    registerCarrierReads(deps, `/carrier${area.base}`, ['carrier portal'], owner);
  }
}
