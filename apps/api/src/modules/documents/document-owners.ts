import { and, eq } from 'drizzle-orm';
import type { DocumentSide } from '@freightdesk/shared/schemas/document';
import type { Db } from '../../db/client.ts';
import { orders } from '../../db/schema/orders.ts';
import { transportRequests } from '../../db/schema/requests.ts';
import { foundOr404 } from '../../lib/errors.ts';
import type { Action, Direction, Viewer } from '../../lib/policy.ts';
import { ruleOrForbidden } from '../../lib/policy-require.ts';

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
  const allowed = ruleOrForbidden(viewer, 'request', action, direction);
  const row = await foundOr404(
    db
      .select({ id: transportRequests.id, industryId: transportRequests.industryId, hideMaterial: transportRequests.hideMaterial })
      .from(transportRequests)
      .where(and(eq(transportRequests.id, id), allowed)),
    'Request',
  );
  return { ownerType: 'request', ownerId: row.id, industryId: row.industryId, hideMaterial: row.hideMaterial };
}

/** The order whose documents the viewer asks for, as the policy allows `action` (403 / 404 as above). */
export async function orderOwner(db: Db, viewer: Viewer, action: Action, id: number, direction?: Direction): Promise<DocumentOwner> {
  const allowed = ruleOrForbidden(viewer, 'order', action, direction);
  const row = await foundOr404(
    db
      .select({ id: orders.id, industryId: orders.industryId })
      .from(orders)
      .where(and(eq(orders.id, id), allowed)),
    'Order',
  );
  return { ownerType: 'order', ownerId: row.id, industryId: row.industryId };
}
