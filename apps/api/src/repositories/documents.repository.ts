import { and, desc, eq, isNull } from 'drizzle-orm';
import type { DbOrTx } from '../db/client.ts';
import { users } from '../db/schema/auth.ts';
import { documents } from '../db/schema/documents.ts';
import { pods } from '../db/schema/execution.ts';
import { orders } from '../db/schema/orders.ts';
import { carriers, industries } from '../db/schema/tenancy.ts';

/**
 * The documents' statements (modules/documents/documents.service.ts). Every read names the owner
 * (its kind, id and shipper), which the caller has first read within the policy's rule for the
 * viewer (repositories/document-owners.repository.ts).
 */

const d = documents;

/** What a document hangs on, as these statements read it. */
export type OwnerKey = { ownerType: (typeof documents.$inferSelect)['ownerType']; ownerId: number; industryId: number };
export type NewDocument = typeof documents.$inferInsert;

/** The live documents of an owner (or one of them), newest first, with the names of who uploaded them. */
export const ownerDocumentsQuery = (db: DbOrTx, owner: OwnerKey, onlyId?: number) =>
  db
    .select({
      id: d.id,
      ownerType: d.ownerType,
      ownerId: d.ownerId,
      kind: d.kind,
      fileName: d.fileName,
      contentType: d.contentType,
      sizeBytes: d.sizeBytes,
      sha256: d.sha256,
      uploaderType: d.uploaderType,
      createdAt: d.createdAt,
      userName: users.name,
      carrierName: carriers.name,
      industryName: industries.name,
    })
    .from(d)
    .innerJoin(industries, eq(industries.id, d.industryId))
    .leftJoin(users, eq(users.id, d.uploadedBy))
    .leftJoin(carriers, eq(carriers.id, users.carrierId))
    .where(
      and(
        eq(d.ownerType, owner.ownerType),
        eq(d.ownerId, owner.ownerId),
        eq(d.industryId, owner.industryId),
        isNull(d.deletedAt),
        onlyId === undefined ? undefined : eq(d.id, onlyId),
      ),
    )
    .orderBy(desc(d.createdAt), desc(d.id));

/** One live document of an owner (with its storage key). */
export const ownerDocumentQuery = (db: DbOrTx, owner: OwnerKey, docId: number) =>
  db
    .select()
    .from(d)
    .where(
      and(
        eq(d.id, docId),
        eq(d.ownerType, owner.ownerType),
        eq(d.ownerId, owner.ownerId),
        eq(d.industryId, owner.industryId),
        isNull(d.deletedAt),
      ),
    );

/** The order's status now, if the order exists. */
export async function orderStatus(tx: DbOrTx, orderId: number) {
  const [order] = await tx.select({ status: orders.status }).from(orders).where(eq(orders.id, orderId));
  return order;
}

/** Stores a document's row: its id. */
export async function insertDocument(tx: DbOrTx, values: NewDocument) {
  const [row] = await tx.insert(d).values(values).returning({ id: d.id });
  return row;
}

/** A proof of delivery of the order that is this document, if any. */
export async function podOfDocument(db: DbOrTx, orderId: number, documentId: number) {
  const [pod] = await db
    .select({ version: pods.version })
    .from(pods)
    .where(and(eq(pods.orderId, orderId), eq(pods.documentId, documentId)))
    .limit(1);
  return pod;
}

/** Marks a live document deleted; undefined when it was deleted already. */
export async function markDocumentDeleted(tx: DbOrTx, docId: number) {
  const [gone] = await tx
    .update(d)
    .set({ deletedAt: new Date() })
    .where(and(eq(d.id, docId), isNull(d.deletedAt)))
    .returning({ id: d.id });
  return gone;
}
