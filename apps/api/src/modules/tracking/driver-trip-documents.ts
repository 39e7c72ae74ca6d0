import type { DriverTrip } from '@freightdesk/shared/schemas/driver-trip';
import type { DbOrTx } from '../../db/client.ts';
import { notFound } from '../../lib/errors.ts';
import { consignmentNoteOf } from '../../repositories/consignment-notes.repository.ts';
import { ownerDocumentsQuery } from '../../repositories/documents.repository.ts';

/**
 * The papers the driver carries (issue 35, record 0300): the consignment note (LR) as PDF when one
 * was made, and the order's uploaded LR and e-way bill copies. Each is downloaded under the link's
 * token; no other document of the order (POD, invoice) is reachable through it.
 */

/** The order's uploaded documents a driver may open. */
export const TRIP_DOCUMENT_KINDS: readonly string[] = ['lr', 'eway_bill'];
const KIND_LABEL: Record<string, string> = { lr: 'LR', eway_bill: 'E-way bill' };

type TripOrderKey = { id: number; industryId: number };

const orderOwner = (order: TripOrderKey) => ({ ownerType: 'order' as const, ownerId: order.id, industryId: order.industryId });

/** The documents listed on the driver's page, each with its URL under the token. */
export async function tripDocuments(db: DbOrTx, order: TripOrderKey, token: string): Promise<DriverTrip['documents']> {
  const base = `/api/trip/${token}/documents`;
  const note = await consignmentNoteOf(db, order.id);
  const uploaded = (await ownerDocumentsQuery(db, orderOwner(order))).filter((d) => TRIP_DOCUMENT_KINDS.includes(d.kind));
  return [
    ...(note ? [{ kind: 'consignment_note', name: `Consignment note ${note.number}`, url: `${base}/consignment-note` }] : []),
    ...uploaded.map((d) => ({ kind: d.kind, name: `${KIND_LABEL[d.kind] ?? d.kind}: ${d.fileName}`, url: `${base}/${d.id}` })),
  ];
}

/** The consignment note of the link's order (404 when none was made). */
export async function tripNote(db: DbOrTx, orderId: number) {
  const note = await consignmentNoteOf(db, orderId);
  if (!note) {
    throw notFound('Consignment note');
  }
  return note;
}

/** One of the driver's documents of the order: an LR or e-way bill copy (404 for any other). */
export async function tripDocumentOwner(db: DbOrTx, order: TripOrderKey, documentId: number) {
  const [doc] = await ownerDocumentsQuery(db, orderOwner(order), documentId);
  if (!doc || !TRIP_DOCUMENT_KINDS.includes(doc.kind)) {
    throw notFound('Document');
  }
  return orderOwner(order);
}
