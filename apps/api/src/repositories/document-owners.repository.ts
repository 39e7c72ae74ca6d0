import { and, eq, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../db/client.ts';
import { contracts, rfqs } from '../db/schema/contracts.ts';
import { invoices } from '../db/schema/money.ts';
import { orders } from '../db/schema/orders.ts';
import { transportRequests } from '../db/schema/requests.ts';
import { foundOr404 } from '../lib/errors.ts';
import type { Action, Direction, Viewer } from '../lib/policy.ts';
import { ruleOrForbidden } from '../lib/policy-require.ts';

/**
 * The records documents hang on (modules/documents), each read within the policy's rule for the
 * viewer: 403 when the rule admits nothing, 404 for a record out of reach.
 */

export const requestOwnerQuery = (db: DbOrTx, scope: SQL, id: number) =>
  db
    .select({ id: transportRequests.id, industryId: transportRequests.industryId, hideMaterial: transportRequests.hideMaterial })
    .from(transportRequests)
    .where(and(eq(transportRequests.id, id), scope));

export const orderOwnerQuery = (db: DbOrTx, scope: SQL, id: number) =>
  db
    .select({ id: orders.id, industryId: orders.industryId })
    .from(orders)
    .where(and(eq(orders.id, id), scope));

export const rfqOwnerQuery = (db: DbOrTx, scope: SQL, id: number) =>
  db
    .select({ id: rfqs.id, industryId: rfqs.industryId, hideMaterial: rfqs.hideMaterial })
    .from(rfqs)
    .where(and(eq(rfqs.id, id), scope));

export const contractOwnerQuery = (db: DbOrTx, scope: SQL, id: number) =>
  db
    .select({ id: contracts.id, industryId: contracts.industryId })
    .from(contracts)
    .where(and(eq(contracts.id, id), scope));

export const invoiceOwnerQuery = (db: DbOrTx, scope: SQL, id: number) =>
  db
    .select({ id: invoices.id, industryId: invoices.industryId, status: invoices.status })
    .from(invoices)
    .where(and(eq(invoices.id, id), scope));

/** The request, as the policy lets the viewer take `action` on it. */
export const requestOwnerRow = (db: DbOrTx, viewer: Viewer, action: Action, id: number, direction?: Direction) =>
  foundOr404(requestOwnerQuery(db, ruleOrForbidden(viewer, 'request', action, direction), id), 'Request');

/** The order, as the policy lets the viewer take `action` on it. */
export const orderOwnerRow = (db: DbOrTx, viewer: Viewer, action: Action, id: number, direction?: Direction) =>
  foundOr404(orderOwnerQuery(db, ruleOrForbidden(viewer, 'order', action, direction), id), 'Order');

/** The RFQ, as the policy lets the viewer take `action` on it. */
export const rfqOwnerRow = (db: DbOrTx, viewer: Viewer, action: Action, id: number) =>
  foundOr404(rfqOwnerQuery(db, ruleOrForbidden(viewer, 'rfq', action), id), 'RFQ');

/** The contract, as the policy lets the viewer take `action` on it. */
export const contractOwnerRow = (db: DbOrTx, viewer: Viewer, action: Action, id: number) =>
  foundOr404(contractOwnerQuery(db, ruleOrForbidden(viewer, 'contract', action), id), 'Contract');

/** The invoice, as the policy lets the viewer take `action` on it. */
export const invoiceOwnerRow = (db: DbOrTx, viewer: Viewer, action: Action, id: number) =>
  foundOr404(invoiceOwnerQuery(db, ruleOrForbidden(viewer, 'invoice', action), id), 'Invoice');
