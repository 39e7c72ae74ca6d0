import type { FastifyBaseLogger } from 'fastify';
import { DOCUMENT_KIND_LABEL, type DocumentKind, type DocumentRecord, type DocumentSide } from '@freightdesk/shared/schemas/document';
import type { Db, DbOrTx } from '../../db/client.ts';
import { writeAudit } from '../../repositories/audit.repository.ts';
import { AppError, forbidden, notFound } from '../../lib/errors.ts';
import { type Storage, StorageNotFoundError } from '../../lib/storage.ts';
import {
  insertDocument,
  markDocumentDeleted,
  orderStatus,
  ownerDocumentQuery,
  ownerDocumentsQuery,
  podOfDocument,
} from '../../repositories/documents.repository.ts';

import type { ReceivedFile } from './document-upload.ts';
import { type DocumentActor, type DocumentOwner, sideOf } from './document-owners.ts';
import { addOrderEvent } from '../../repositories/order-events.repository.ts';

// ---------------------------------------------------------------------------------------------
// Reading

/** The live documents of an owner, newest first, named for the viewer's side. */
export async function listDocuments(db: DbOrTx, owner: DocumentOwner, viewer: DocumentSide, onlyId?: number): Promise<DocumentRecord[]> {
  const rows = await ownerDocumentsQuery(db, owner, onlyId);
  return rows.map(({ userName, carrierName, industryName, uploaderType, createdAt, ...row }) => {
    const side = sideOf(uploaderType);
    return {
      ...row,
      side,
      uploadedByName: side === viewer ? userName : side === 'carrier' ? carrierName : industryName,
      createdAt: createdAt.toISOString(),
    };
  });
}

/** One live document of an owner (with its storage key), or 404. */
export async function findDocument(db: DbOrTx, owner: DocumentOwner, docId: number) {
  const [row] = await ownerDocumentQuery(db, owner, docId);
  if (!row) {
    throw notFound('Document');
  }
  return row;
}

/** The stored bytes of a document; a row whose bytes are gone answers 404 (and is logged). */
export async function openDocument(storage: Storage, doc: { id: number; storageKey: string }, log: FastifyBaseLogger) {
  try {
    return await storage.get(doc.storageKey);
  } catch (err) {
    if (err instanceof StorageNotFoundError) {
      log.error({ documentId: doc.id, key: doc.storageKey }, 'document bytes missing from storage');
      throw notFound('File');
    }
    throw err;
  }
}

// ---------------------------------------------------------------------------------------------
// Receiving an upload

const summary = (doc: { id: number; kind: string; fileName: string; sizeBytes: number; sha256: string }) => ({
  documentId: doc.id,
  kind: doc.kind,
  fileName: doc.fileName,
  sizeBytes: doc.sizeBytes,
  sha256: doc.sha256,
});

const kindLabel = (kind: string) => DOCUMENT_KIND_LABEL[kind as DocumentKind] ?? kind;

/**
 * A timeline row for a document change on an order. The order's status does not change, so the
 * event goes from its current status to the same one; `reason` says what happened.
 */
async function orderDocumentEvent(tx: DbOrTx, orderId: number, by: number, reason: string) {
  const order = await orderStatus(tx, orderId);
  if (order) {
    await addOrderEvent(tx, { orderId, fromStatus: order.status, toStatus: order.status, by, reason });
  }
}

/**
 * Records a received file on its owner, with its audit row (and on an order its timeline row) in
 * the same transaction. If the row cannot be written the stored bytes are removed again.
 */
export async function addDocument(
  db: Db,
  storage: Storage,
  owner: DocumentOwner,
  upload: { file: ReceivedFile; kind: DocumentKind },
  actor: DocumentActor,
  log: FastifyBaseLogger,
): Promise<DocumentRecord> {
  let id: number;
  try {
    id = await db.transaction((tx) => recordDocument(tx, owner, upload, actor));
  } catch (err) {
    await storage.delete(upload.file.key).catch((e: unknown) => log.error({ err: e, key: upload.file.key }, 'could not remove upload'));
    throw err;
  }
  const [doc] = await listDocuments(db, owner, sideOf(actor.userType), id);
  if (!doc) {
    throw notFound('Document');
  }
  return doc;
}

/**
 * The row of a received file, its audit row and (on an order) its timeline row, in the caller's
 * transaction: for a write that records a document together with something else (a proof of
 * delivery). The caller removes the stored bytes if the transaction fails.
 */
export async function recordDocument(
  tx: DbOrTx,
  owner: DocumentOwner,
  upload: { file: ReceivedFile; kind: DocumentKind },
  actor: DocumentActor,
): Promise<number> {
  const { file, kind } = upload;
  const row = await insertDocument(tx, {
    industryId: owner.industryId,
    ownerType: owner.ownerType,
    ownerId: owner.ownerId,
    kind,
    fileName: file.fileName,
    contentType: file.contentType,
    sizeBytes: file.sizeBytes,
    sha256: file.sha256,
    storageKey: file.key,
    uploadedBy: actor.id,
    uploaderType: actor.userType,
  });
  const docId = row?.id ?? 0;
  await writeAudit(tx, {
    industryId: owner.industryId,
    actorUserId: actor.id,
    entity: owner.ownerType,
    entityId: owner.ownerId,
    action: 'attach',
    to: summary({ id: docId, kind, ...file }),
  });
  if (owner.ownerType === 'order') {
    await orderDocumentEvent(tx, owner.ownerId, actor.id, `Document added: ${kindLabel(kind)} · ${file.fileName}`);
  }
  return docId;
}

/**
 * Deletes a document: only the side that uploaded it may (403 otherwise). The row is kept, marked
 * deleted, for the audit trail; the bytes are removed from storage after the commit.
 */
export async function removeDocument(
  db: Db,
  storage: Storage,
  owner: DocumentOwner,
  docId: number,
  actor: DocumentActor,
  log: FastifyBaseLogger,
): Promise<void> {
  const doc = await findDocument(db, owner, docId);
  if (owner.ownerType === 'order') {
    // A proof of delivery (any version, accepted or sent back) stays with the order, for either side.
    const pod = await podOfDocument(db, owner.ownerId, doc.id);
    if (pod) {
      throw new AppError(
        409,
        'DOCUMENT_IN_USE',
        `${doc.fileName} is the proof of delivery (POD v${pod.version}) of this order; it stays with the order and cannot be deleted.`,
      );
    }
  }
  const side = sideOf(doc.uploaderType);
  if (side !== sideOf(actor.userType)) {
    throw forbidden(`This document was uploaded by the ${side}; only the ${side} can delete it.`);
  }
  await db.transaction(async (tx) => {
    const gone = await markDocumentDeleted(tx, doc.id);
    if (!gone) {
      throw notFound('Document');
    }
    await writeAudit(tx, {
      industryId: owner.industryId,
      actorUserId: actor.id,
      entity: owner.ownerType,
      entityId: owner.ownerId,
      action: 'detach',
      from: summary(doc),
    });
    if (owner.ownerType === 'order') {
      await orderDocumentEvent(tx, owner.ownerId, actor.id, `Document deleted: ${kindLabel(doc.kind)} · ${doc.fileName}`);
    }
  });
  await storage.delete(doc.storageKey).catch((err: unknown) => log.error({ err, key: doc.storageKey }, 'could not remove document bytes'));
}
