import { and, eq, isNull, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../db/client.ts';
import { users } from '../db/schema/auth.ts';
import { orderEvents, orders } from '../db/schema/orders.ts';
import { bidRevisions, bids } from '../db/schema/requests.ts';
import { auditLog } from '../db/schema/system.ts';
import { carriers, industries, industryCarriers } from '../db/schema/tenancy.ts';

/**
 * The statements of a request's history (issue 32), within the shipper's tenant: the caller has
 * read the request through the policy's rule first.
 */

/**
 * Who acted: the user and their company (the carrier's or the shipper's name). Joined as `actor_*`
 * aliases so a query may join carriers for another reason too. A job writes no user: both stay null.
 */
const actorCarrier = alias(carriers, 'actor_carrier');
const actorIndustry = alias(industries, 'actor_industry');
const actorCompany = sql<string | null>`coalesce(${actorCarrier.name}, ${actorIndustry.name})`;

/** The request's audit rows (creation, edits, status moves) with who acted. */
export const auditsQuery = (db: DbOrTx, industryId: number, requestId: number) =>
  db
    .select({
      at: auditLog.at,
      action: auditLog.action,
      from: auditLog.fromState,
      to: auditLog.toState,
      reason: auditLog.reason,
      byName: users.name,
      byCompany: actorCompany,
    })
    .from(auditLog)
    .leftJoin(users, eq(users.id, auditLog.actorUserId))
    .leftJoin(actorCarrier, eq(actorCarrier.id, users.carrierId))
    .leftJoin(actorIndustry, eq(actorIndustry.id, users.industryId))
    .where(and(eq(auditLog.entity, 'request'), eq(auditLog.entityId, requestId), eq(auditLog.industryId, industryId)));

/** Every bid revision on the request with its carrier and who sent it. */
export const revisionsQuery = (db: DbOrTx, requestId: number) =>
  db
    .select({
      at: bidRevisions.at,
      amountPaise: bidRevisions.amountPaise,
      vehicles: bidRevisions.vehicles,
      byName: users.name,
      carrierName: carriers.name,
    })
    .from(bidRevisions)
    .innerJoin(bids, eq(bids.id, bidRevisions.bidId))
    .innerJoin(industryCarriers, eq(industryCarriers.id, bids.industryCarrierId))
    .innerJoin(carriers, eq(carriers.id, industryCarriers.carrierId))
    .leftJoin(users, eq(users.id, bidRevisions.by))
    .where(eq(bids.requestId, requestId));

/** The awards of the request: its orders grouped by bid, with who awarded (the order's first event). */
export const awardsQuery = (db: DbOrTx, industryId: number, requestId: number) =>
  db
    .select({
      at: sql<Date>`min(${orders.createdAt})`.mapWith((v) => new Date(v)),
      vehicles: sql<number>`count(*)::int`,
      amountPaise: orders.pricePaise,
      carrierName: carriers.name,
      byName: users.name,
      byCompany: actorCompany,
    })
    .from(orders)
    .innerJoin(industryCarriers, eq(industryCarriers.id, orders.industryCarrierId))
    .innerJoin(carriers, eq(carriers.id, industryCarriers.carrierId))
    // The award is the order's first event (placed, with no status before it): it holds who awarded.
    .leftJoin(orderEvents, and(eq(orderEvents.orderId, orders.id), isNull(orderEvents.fromStatus)))
    .leftJoin(users, eq(users.id, orderEvents.by))
    .leftJoin(actorCarrier, eq(actorCarrier.id, users.carrierId))
    .leftJoin(actorIndustry, eq(actorIndustry.id, users.industryId))
    .where(and(eq(orders.requestId, requestId), eq(orders.industryId, industryId)))
    .groupBy(orders.bidId, orders.pricePaise, carriers.name, users.name, actorCarrier.name, actorIndustry.name);

/** The request's audits, bid revisions and awards. */
export async function historyRows(db: DbOrTx, industryId: number, requestId: number) {
  const [audits, revisions, awards] = await Promise.all([
    auditsQuery(db, industryId, requestId),
    revisionsQuery(db, requestId),
    awardsQuery(db, industryId, requestId),
  ]);
  return { audits, revisions, awards };
}
