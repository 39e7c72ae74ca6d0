import type { DocumentSide } from '@freightdesk/shared/schemas/document';
import type { Db } from '../../db/client.ts';
import type { Action, Direction, Viewer } from '../../lib/policy.ts';
import { orderOwnerRow, requestOwnerRow } from '../../repositories/document-owners.repository.ts';

/** What a document hangs on: a request, an order, an RFQ or a contract of one shipper. */
export type DocumentOwner = {
  ownerType: 'request' | 'order' | 'rfq' | 'contract' | 'invoice';
  ownerId: number;
  industryId: number;
  /** Request and RFQ attachments are hidden from carriers while the request / RFQ hides its material. */
  hideMaterial?: boolean;
};
export type DocumentActor = { id: number; userType: number };

export const sideOf = (userType: number): DocumentSide => (userType === 2 ? 'carrier' : 'shipper');

// ---------------------------------------------------------------------------------------------
// Owners: each lookup answers 404 for anything the caller may not see.

/**
 * The request whose documents the viewer asks for, if the policy lets the viewer take `action` on
 * it (403 without any permission for it, 404 for a request out of reach).
 */
export async function requestOwner(db: Db, viewer: Viewer, action: Action, id: number, direction?: Direction): Promise<DocumentOwner> {
  const row = await requestOwnerRow(db, viewer, action, id, direction);
  return { ownerType: 'request', ownerId: row.id, industryId: row.industryId, hideMaterial: row.hideMaterial };
}

/** The order whose documents the viewer asks for, as the policy allows `action` (403 / 404 as above). */
export async function orderOwner(db: Db, viewer: Viewer, action: Action, id: number, direction?: Direction): Promise<DocumentOwner> {
  const row = await orderOwnerRow(db, viewer, action, id, direction);
  return { ownerType: 'order', ownerId: row.id, industryId: row.industryId };
}
