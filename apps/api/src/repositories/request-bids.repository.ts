import { and, asc, eq, type SQL, sql } from 'drizzle-orm';
import type { BidRevision } from '@freightdesk/shared/schemas/bid';
import type { DbOrTx } from '../db/client.ts';
import { users } from '../db/schema/auth.ts';
import { bidRevisions, bids, transportRequests } from '../db/schema/requests.ts';
import { carriers, industryCarriers } from '../db/schema/tenancy.ts';
import { invitedLink } from '../lib/policy.ts';

/**
 * The statements of a request's bids (issue 32): the shipper's board within its tenant, a bid's
 * revisions, and a carrier's own revisions on the link the policy's invitation rule names.
 */

const r = transportRequests;

/** Bid revisions matching `where` (over bid_revisions, bids and transport_requests), oldest first. */
async function revisionsWhere(db: DbOrTx, where: SQL | undefined): Promise<BidRevision[]> {
  const rows = await db
    .select({ amountPaise: bidRevisions.amountPaise, vehicles: bidRevisions.vehicles, at: bidRevisions.at, byName: users.name })
    .from(bidRevisions)
    .innerJoin(bids, eq(bids.id, bidRevisions.bidId))
    .innerJoin(transportRequests, eq(transportRequests.id, bids.requestId))
    .leftJoin(users, eq(users.id, bidRevisions.by))
    .where(where)
    .orderBy(asc(bidRevisions.id));
  return rows.map((v) => ({ amountRupees: v.amountPaise / 100, vehicles: v.vehicles, at: v.at.toISOString(), byName: v.byName }));
}

/** The carrier's own bid revisions on the request (its invited link's). */
export const carrierRevisions = (db: DbOrTx, carrierId: number, requestId: number): Promise<BidRevision[]> =>
  revisionsWhere(db, and(eq(bids.requestId, requestId), sql`${bids.industryCarrierId} = ${invitedLink(carrierId)}`));

/** One bid's revisions, oldest first. */
export const bidRevisionsOf = (db: DbOrTx, bidId: number): Promise<BidRevision[]> => revisionsWhere(db, eq(bidRevisions.bidId, bidId));

/** The shipper's request of the direction with its target price, if any. */
export async function requestTarget(db: DbOrTx, industryId: number, requestType: 1 | 2, requestId: number) {
  const [request] = await db
    .select({ target: r.targetPricePaise })
    .from(r)
    .where(and(eq(r.id, requestId), eq(r.industryId, industryId), eq(r.requestType, requestType)));
  return request;
}

/** The statement of the request's bids, lowest first (ties: the earlier bid, then the lower id). */
export const rankedBidsQuery = (db: DbOrTx, requestId: number) =>
  db
    .select({
      id: bids.id,
      carrierLinkId: bids.industryCarrierId,
      carrierName: carriers.name,
      amountPaise: bids.amountPaise,
      vehicles: bids.vehicles,
      bidAt: bids.bidAt,
      revisions: bids.revisions,
    })
    .from(bids)
    .innerJoin(industryCarriers, eq(industryCarriers.id, bids.industryCarrierId))
    .innerJoin(carriers, eq(carriers.id, industryCarriers.carrierId))
    .where(eq(bids.requestId, requestId))
    .orderBy(asc(bids.amountPaise), asc(bids.bidAt), asc(bids.id));

/** The request's bids, ranked. */
export async function rankedBidRows(db: DbOrTx, requestId: number) {
  return rankedBidsQuery(db, requestId);
}
