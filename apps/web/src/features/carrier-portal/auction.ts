import type { BidPosition, CarrierRequest } from '@freightdesk/shared/schemas/bid';
import { formatInr } from '../../lib/format.ts';

/** Requests still to bid on: bidding ahead (scheduled) or under way (open). */
export const isLive = (r: Pick<CarrierRequest, 'status'>) => r.status === 'scheduled' || r.status === 'open';

/** `Pune Chakan Plant, Pune → Surat DC, Surat → …` */
export const laneLabel = (r: Pick<CarrierRequest, 'pickupLabel' | 'dropoffLabels'>) =>
  [r.pickupLabel, ...r.dropoffLabels].filter((p) => p.trim() !== '').join(' → ') || '—';

export const basisLabel = (basis: string) => (basis === 'tonne' ? 'tonne' : 'trip');

export type Outcome = { label: string; color: string };

/** A finished request's result for this carrier; null while bidding is ahead or under way. */
export function outcomeOf(r: Pick<CarrierRequest, 'status' | 'outcome' | 'awardedVehicles' | 'myBid'>): Outcome | null {
  if (isLive(r)) {
    return null;
  }
  if (r.outcome === 'awarded') {
    const n = r.awardedVehicles;
    return { label: `Awarded (${n} vehicle${n === 1 ? '' : 's'})`, color: 'green' };
  }
  if (r.outcome === 'regret') {
    return { label: 'Regret', color: 'gray' };
  }
  if (!r.myBid) {
    return { label: 'Closed — no bid from you', color: 'gray' };
  }
  return r.status === 'closed' ? { label: 'Closed — awaiting award', color: 'yellow' } : { label: 'Not awarded', color: 'gray' };
}

/** The client's reminder of the downward-only rule with the shipper's minimum step (the server checks it too). */
export function nextBidHint(myBid: BidPosition | null, minDecrementRupees = 0): string | null {
  if (!myBid) {
    return null;
  }
  return minDecrementRupees > 0
    ? `Your next bid must be ${formatInr(myBid.amountRupees - minDecrementRupees)} or less`
    : `Your next bid must be below ${formatInr(myBid.amountRupees)}`;
}

export function bidPlacedText(position: BidPosition): string {
  return `Bid placed: ${formatInr(position.amountRupees)}${position.rank ? `, you are L${position.rank}` : ''}`;
}

/** What the page last saw of each request it showed as live, by id. */
export type Watched = ReadonlyMap<number, CarrierRequest>;

/**
 * The watched requests that have left the Live tab's answer (`live`, one page under the search):
 * they finished, or were withdrawn, while the page watched them. Only those the search still
 * matches count. When the answer holds the whole live set (`complete`: one page has every match)
 * any missing one has left; otherwise it may merely be on another page, so only those whose bid
 * end has passed count.
 */
export function leftLive(
  watched: Watched,
  live: readonly CarrierRequest[],
  search: string,
  opts: { complete: boolean; now: number },
): number[] {
  const shown = new Set(live.map((r) => r.id));
  return [...watched.values()]
    .filter((r) => !shown.has(r.id) && matchesSearch(r, search) && (opts.complete || Date.parse(r.bidEndAt) <= opts.now))
    .map((r) => r.id);
}

/**
 * "Finished while you watched": the requests that left the Live tab as read again, those now
 * closed or awarded (not withdrawn, not still live elsewhere) and matching the search, newest bid
 * end first as under Finished. They stay on the Live tab so they do not vanish mid-glance.
 */
export function justFinished(rows: readonly (CarrierRequest | undefined)[], search: string): CarrierRequest[] {
  return rows
    .filter((r): r is CarrierRequest => r !== undefined && (r.status === 'closed' || r.status === 'awarded') && matchesSearch(r, search))
    .sort((a, b) => Date.parse(b.bidEndAt) - Date.parse(a.bidEndAt) || b.id - a.id);
}

export type LiveFilter = 'all' | 'no-bid' | 'outbid' | 'leading';

/** The Live tab's quick filter: where the dispatcher still has to act. */
export function matchesLiveFilter(r: Pick<CarrierRequest, 'myBid'>, filter: LiveFilter): boolean {
  const rank = r.myBid?.rank ?? null;
  switch (filter) {
    case 'no-bid':
      return !r.myBid;
    case 'outbid':
      return rank !== null && rank > 1;
    case 'leading':
      return rank === 1;
    default:
      return true;
  }
}

/**
 * Free-text match on number, shipper, plant, lane, vehicle type and material (case-insensitive):
 * the same fields the server's search matches, for rows the page holds itself.
 */
export function matchesSearch(r: CarrierRequest, search: string): boolean {
  const q = search.trim().toLowerCase();
  if (!q) {
    return true;
  }
  return [r.number, r.shipperName, r.plantName, laneLabel(r), r.vehicleTypeName, r.productName ?? ''].join(' ').toLowerCase().includes(q);
}

export type RankDrop = { request: CarrierRequest; from: number; to: number };

/**
 * Compares this carrier's ranks with the previous list: the requests where it fell back (another
 * carrier undercut it), and the ranks to compare the next list with. Nothing is reported on the
 * first list (`previous` null) or for a request seen for the first time.
 */
export function rankChanges(
  previous: ReadonlyMap<number, number> | null,
  list: readonly CarrierRequest[],
): { drops: RankDrop[]; ranks: Map<number, number> } {
  const ranks = new Map<number, number>();
  const drops: RankDrop[] = [];
  for (const request of list) {
    const rank = request.myBid?.rank;
    if (rank === null || rank === undefined) {
      continue;
    }
    ranks.set(request.id, rank);
    const before = previous?.get(request.id);
    if (before !== undefined && rank > before && isLive(request)) {
      drops.push({ request, from: before, to: rank });
    }
  }
  return { drops, ranks };
}
