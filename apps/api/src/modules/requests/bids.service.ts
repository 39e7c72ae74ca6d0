import type { BidPosition, PlaceBidBody, RankedBid } from '@freightdesk/shared/schemas/bid';
import type { Db } from '../../db/client.ts';
import { AppError, isDatabaseUnavailable, notFound } from '../../lib/errors.ts';
import { perDatabase } from '../../lib/per-database.ts';
import { applyBids, type QueuedBid } from './bid-batch.ts';
import { pctOf } from '@freightdesk/shared/percent';
import { rankedBidRows, requestTarget } from '../../repositories/request-bids.repository.ts';

/** Bids waiting for their request's next batch, per database and request (the entry exists while a batch runs). */
const bidQueues = perDatabase((_db: Db) => new Map<number, QueuedBid[]>());
/** At most this many bids share one transaction. */
const MAX_BATCH = 200;

/**
 * Places or lowers a carrier's bid. One bid at a time per request (the request row is locked), so
 * ranks and decrements hold under concurrency, across API processes too; a bid in the last N
 * minutes extends the end by N.
 *
 * Bids on a request that arrive while its previous transaction runs are queued and applied
 * together, one after the other in arrival order, in the next one: one lock and one commit for
 * many bids, each checked and answered exactly as if it had its own transaction. The answer is
 * given only after the commit.
 */
export function placeBid(
  db: Db,
  user: { id: number; carrierId: number },
  requestId: number,
  body: PlaceBidBody,
  now = new Date(),
): Promise<BidPosition> {
  return new Promise((resolve, reject) => {
    const queues = bidQueues.of(db);
    const bid = { user, body, now, resolve, reject };
    const waiting = queues.get(requestId);
    if (waiting) {
      waiting.push(bid);
      return;
    }
    const queue = [bid];
    queues.set(requestId, queue);
    void drainBids(db, queues, requestId, queue);
  });
}

async function drainBids(db: Db, queues: Map<number, QueuedBid[]>, requestId: number, queue: QueuedBid[]) {
  try {
    while (queue.length) {
      // Let the event loop read the other requests first (PGlite answers without yielding to it).
      await new Promise((resolve) => setImmediate(resolve));
      const unavailable = await runBids(db, requestId, queue.splice(0, MAX_BATCH));
      if (unavailable) {
        // The bids queued behind a batch the database did not answer would each wait for their own
        // batch to fail the same way, past the 2 s a caller is promised a 503 in: answer them now.
        for (const bid of queue.splice(0)) {
          bid.reject(unavailable);
        }
      }
    }
  } finally {
    // Never leave callers waiting on a queue nobody drains.
    queues.delete(requestId);
    for (const bid of queue.splice(0)) {
      bid.reject(new Error('The bid queue stopped.'));
    }
  }
}

/** One transaction for a batch; answers every bid of it (never throws). Returns the error when the database was unreachable. */
async function runBids(db: Db, requestId: number, batch: QueuedBid[]): Promise<unknown> {
  let outcomes: (BidPosition | AppError)[];
  try {
    outcomes = await db.transaction((tx) => applyBids(tx, requestId, batch));
  } catch (err) {
    if (batch.length > 1 && !(err instanceof AppError) && !isDatabaseUnavailable(err)) {
      // A failure no check foresaw: place the bids one by one, so only the bid that causes it fails.
      for (const bid of batch) {
        await runBids(db, requestId, [bid]);
      }
      return undefined;
    }
    for (const bid of batch) {
      bid.reject(err);
    }
    return isDatabaseUnavailable(err) ? err : undefined;
  }
  batch.forEach((bid, i) => {
    const outcome = outcomes[i];
    if (outcome instanceof AppError || !outcome) {
      bid.reject(outcome ?? new Error('bid not applied'));
    } else {
      bid.resolve(outcome);
    }
  });
  return undefined;
}

/** The shipper's bid board: every bid ranked, with savings against the target price. */
export async function rankedBids(db: Db, industryId: number, requestType: 1 | 2, requestId: number): Promise<RankedBid[]> {
  const request = await requestTarget(db, industryId, requestType, requestId);
  if (!request) {
    throw notFound('Request');
  }
  const rows = await rankedBidRows(db, requestId);
  return rows.map((b, i) => {
    const saving = request.target === null ? null : request.target - b.amountPaise;
    return {
      id: b.id,
      rank: i + 1,
      carrierLinkId: b.carrierLinkId,
      carrierName: b.carrierName,
      amountRupees: b.amountPaise / 100,
      vehicles: b.vehicles,
      bidAt: b.bidAt.toISOString(),
      revisions: b.revisions,
      savingRupees: saving === null ? null : saving / 100,
      savingPercent: saving === null ? null : pctOf(saving, request.target),
    };
  });
}
