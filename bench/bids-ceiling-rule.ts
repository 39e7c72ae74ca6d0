/**
 * The bids bench's ceiling rule (decision 0313), in memory: a batch of revisions applied in arrival
 * order to the request's bids as read after the row lock, each lowering the carrier's current bid by
 * at least the minimum decrement (at least 1 paisa, as the app's bid-batch.ts), and its rank on the
 * board after it: by amount, then bid time, then id.
 */

/** A carrier's bid as read after the lock: paise, and the bid time in microseconds. */
export type CeilingBid = { id: number; link: number; amount: number; at: number; revisions: number };
/** A revision as posted: the carrier's link, paise, vehicles, and the user who sent it. */
export type Offer = { link: number; amount: number; vehicles: number; by: number };
export type Outcome = { amount: number; rank: number } | { refused: string };
export type Revision = { bidId: number; amount: number; vehicles: number; by: number };

const ahead = (a: CeilingBid, b: CeilingBid) => a.amount - b.amount || a.at - b.at || a.id - b.id;

/** A bid's rank among `bids` (1 for the lowest). */
export function rankOf(bids: CeilingBid[], bid: CeilingBid): number {
  let rank = 1;
  for (const other of bids) {
    rank += other !== bid && ahead(other, bid) < 0 ? 1 : 0;
  }
  return rank;
}

/**
 * Applies `offers` in order at time `at` (µs): each one's outcome, the bids it changed (their final
 * state) and the revisions to insert, in order. A carrier without a bid is refused (the ceiling
 * serves revisions only; the first bids are the app's).
 */
export function applyOffers(bids: CeilingBid[], offers: Offer[], minDecrementPaise: number, at: number) {
  const byLink = new Map(bids.map((b) => [b.link, b]));
  const changed = new Set<CeilingBid>();
  const revisions: Revision[] = [];
  const outcomes = offers.map((offer): Outcome => {
    const bid = byLink.get(offer.link);
    if (!bid) {
      return { refused: 'NO_BID' };
    }
    if (offer.amount < 1 || offer.amount > bid.amount - Math.max(1, minDecrementPaise)) {
      return { refused: 'DECREMENT' };
    }
    Object.assign(bid, { amount: offer.amount, at, revisions: bid.revisions + 1 });
    changed.add(bid);
    revisions.push({ bidId: bid.id, amount: offer.amount, vehicles: offer.vehicles, by: offer.by });
    return { amount: offer.amount, rank: rankOf(bids, bid) };
  });
  return { outcomes, changed: [...changed], revisions };
}
