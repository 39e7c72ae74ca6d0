import { and, eq, inArray, notInArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/client.ts';
import { rowsOf } from '../db/rows.ts';
import { orders } from '../db/schema/orders.ts';
import { bids, transportRequests } from '../db/schema/requests.ts';

/**
 * The statements of awarding a request's bids into orders (issue 32). The route read the request
 * within the policy's change rule first; the award locks it within the shipper's tenant.
 */

export type RequestRow = typeof transportRequests.$inferSelect;
export type BidRow = typeof bids.$inferSelect;

/** Locks the shipper's request of the direction (awards of one request run one at a time); false when there is none. */
export async function lockRequestRow(tx: DbOrTx, industryId: number, requestType: 1 | 2, requestId: number): Promise<boolean> {
  const locked = await tx.execute(
    sql`select id from transport_requests where id = ${requestId} and industry_id = ${industryId} and request_type = ${requestType} for update`,
  );
  return rowsOf(locked).length > 0;
}

/** The request's row as stored. */
export async function requestRow(tx: DbOrTx, requestId: number): Promise<RequestRow | undefined> {
  const [request] = await tx.select().from(transportRequests).where(eq(transportRequests.id, requestId));
  return request;
}

/** The live (not rejected or cancelled) orders of the request with their bid, by id. */
export const liveOrdersQuery = (tx: DbOrTx, requestId: number) =>
  tx
    .select({ id: orders.id, bidId: orders.bidId })
    .from(orders)
    .where(and(eq(orders.requestId, requestId), notInArray(orders.status, ['rejected', 'cancelled'])))
    .orderBy(orders.id);

/** The live orders of the request with their bid, by id. */
export async function liveOrdersOfRequest(tx: DbOrTx, requestId: number) {
  return liveOrdersQuery(tx, requestId);
}

/** The bids of the request among `bidIds`. */
export async function bidsOfRequest(tx: DbOrTx, requestId: number, bidIds: number[]): Promise<BidRow[]> {
  return tx
    .select()
    .from(bids)
    .where(and(eq(bids.requestId, requestId), inArray(bids.id, bidIds)));
}

/** The request is awarded. */
export async function markRequestAwarded(tx: DbOrTx, requestId: number): Promise<void> {
  await tx.update(transportRequests).set({ status: 'awarded', updatedAt: new Date() }).where(eq(transportRequests.id, requestId));
}

/** The carrier links that bid on the request (one per bid). */
export async function bidderLinks(tx: DbOrTx, requestId: number): Promise<number[]> {
  return (await tx.select({ link: bids.industryCarrierId }).from(bids).where(eq(bids.requestId, requestId))).map((b) => b.link);
}
