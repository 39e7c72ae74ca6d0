import { and, asc, eq, isNull, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { BidRevision, RankedBid } from '@freightdesk/shared/schemas/bid';
import type { RequestHistoryEntry } from '@freightdesk/shared/schemas/request';
import type { Db } from '../../db/client.ts';
import { users } from '../../db/schema/auth.ts';
import { orderEvents, orders } from '../../db/schema/orders.ts';
import { bidRevisions, bids, transportRequests } from '../../db/schema/requests.ts';
import { auditLog } from '../../db/schema/system.ts';
import { carriers, industries, industryCarriers } from '../../db/schema/tenancy.ts';
import { notFound } from '../../lib/errors.ts';
import { rankedBids } from './bids.service.ts';

const KIND: Record<string, RequestHistoryEntry['kind']> = { create: 'created', status: 'status', update: 'edited' };

const empty = { byName: null, byCompany: null, from: null, to: null, reason: null, carrierName: null, amountRupees: null, vehicles: null };

/**
 * Who acted: the user and their company (the carrier's or the shipper's name). Joined as `actor_*`
 * aliases so a query may join carriers for another reason too. A job writes no user: both stay null.
 */
const actorCarrier = alias(carriers, 'actor_carrier');
const actorIndustry = alias(industries, 'actor_industry');
const actorCompany = sql<string | null>`coalesce(${actorCarrier.name}, ${actorIndustry.name})`;

/**
 * The request's history, oldest first: creation, edits (changed fields), status moves with the
 * reason, every bid revision with its carrier, and the awards. The caller has checked the request
 * is the shipper's own.
 */
export async function requestHistory(db: Db, industryId: number, requestId: number): Promise<RequestHistoryEntry[]> {
  const [audits, revisions, awards] = await Promise.all([
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
      .where(and(eq(auditLog.entity, 'request'), eq(auditLog.entityId, requestId), eq(auditLog.industryId, industryId))),
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
      .where(eq(bids.requestId, requestId)),
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
      .groupBy(orders.bidId, orders.pricePaise, carriers.name, users.name, actorCarrier.name, actorIndustry.name),
  ]);
  const entries: (RequestHistoryEntry & { time: number })[] = [
    ...audits.map((a) => ({
      ...empty,
      time: a.at.getTime(),
      at: a.at.toISOString(),
      kind: KIND[a.action] ?? 'status',
      byName: a.byName,
      byCompany: a.byName ? a.byCompany : null,
      from: a.from ?? null,
      to: a.to ?? null,
      reason: a.reason,
    })),
    ...revisions.map((v) => ({
      ...empty,
      time: v.at.getTime(),
      at: v.at.toISOString(),
      kind: 'bid' as const,
      byName: v.byName,
      byCompany: v.carrierName,
      carrierName: v.carrierName,
      amountRupees: v.amountPaise / 100,
      vehicles: v.vehicles,
    })),
    ...awards.map((w) => ({
      ...empty,
      time: w.at.getTime(),
      at: w.at.toISOString(),
      kind: 'awarded' as const,
      byName: w.byName,
      byCompany: w.byName ? w.byCompany : null,
      carrierName: w.carrierName,
      amountRupees: w.amountPaise / 100,
      vehicles: w.vehicles,
    })),
  ];
  return entries.sort((a, b) => a.time - b.time).map(({ time: _t, ...e }) => e);
}

/** One bid on the shipper's board with every revision (`view-bid`). */
export async function bidWithRevisions(
  db: Db,
  industryId: number,
  requestType: 1 | 2,
  requestId: number,
  bidId: number,
): Promise<{ bid: RankedBid; revisions: BidRevision[] }> {
  const bid = (await rankedBids(db, industryId, requestType, requestId)).find((b) => b.id === bidId);
  if (!bid) {
    throw notFound('Bid');
  }
  return { bid, revisions: await revisionsWhere(db, eq(bidRevisions.bidId, bidId)) };
}

/** Bid revisions matching `where` (over bid_revisions, bids and transport_requests), oldest first. */
export async function revisionsWhere(db: Db, where: SQL | undefined): Promise<BidRevision[]> {
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
