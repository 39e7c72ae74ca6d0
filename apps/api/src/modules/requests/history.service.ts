import type { BidRevision, RankedBid } from '@freightdesk/shared/schemas/bid';
import type { RequestHistoryEntry } from '@freightdesk/shared/schemas/request';
import type { Db } from '../../db/client.ts';
import { notFound } from '../../lib/errors.ts';
import { rankedBids } from './bids.service.ts';
import { bidRevisionsOf } from '../../repositories/request-bids.repository.ts';
import { historyRows } from '../../repositories/request-history.repository.ts';

const KIND: Record<string, RequestHistoryEntry['kind']> = { create: 'created', status: 'status', update: 'edited' };

const empty = { byName: null, byCompany: null, from: null, to: null, reason: null, carrierName: null, amountRupees: null, vehicles: null };

/**
 * The request's history, oldest first: creation, edits (changed fields), status moves with the
 * reason, every bid revision with its carrier, and the awards. The caller has checked the request
 * is the shipper's own.
 */
export async function requestHistory(db: Db, industryId: number, requestId: number): Promise<RequestHistoryEntry[]> {
  const { audits, revisions, awards } = await historyRows(db, industryId, requestId);
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
  return { bid, revisions: await bidRevisionsOf(db, bidId) };
}
