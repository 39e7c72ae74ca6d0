import type { FastifyReply, FastifyRequest } from 'fastify';
import type { DbOrTx } from '../../db/client.ts';
import type { Storage } from '../../lib/storage.ts';
import { contentDisposition } from '../../lib/content-disposition.ts';
import type { DocumentOwner } from './document-owners.ts';
import { findDocument, openDocument } from './documents.service.ts';

/**
 * Sends one document of an owner the caller was admitted to: its bytes with its own type and name,
 * never sniffed, never run (a sandboxing CSP), never cached. Every document download goes through here.
 */
export async function sendDocument(
  db: DbOrTx,
  storage: Storage,
  request: FastifyRequest,
  reply: FastifyReply,
  owner: DocumentOwner,
  docId: number,
) {
  const doc = await findDocument(db, owner, docId);
  const body = await openDocument(storage, doc, request.log);
  return reply
    .header('content-type', doc.contentType)
    .header('content-length', doc.sizeBytes)
    .header('content-disposition', contentDisposition(doc.fileName))
    .header('x-content-type-options', 'nosniff')
    .header('content-security-policy', "default-src 'none'; sandbox")
    .header('cache-control', 'private, no-store')
    .send(body);
}
