import type { BidPosition, PlaceBidBody } from '@freightdesk/shared/schemas/bid';
import type { Tx } from '../../db/client.ts';
import { AppError, badRequest, notFound } from '../../lib/errors.ts';
import { scheduleJob } from '../../lib/jobs.ts';
import { carrierUsersByLink, notify } from '../../lib/notify.ts';
import { DEFAULT_ANTI_SNIPING_MINUTES } from './request-rules.ts';
import { plural } from '@freightdesk/shared/words';
import {
  type AuctionRule,
  type BidBatchWrite,
  bidBatchState,
  extendBidEnd,
  type LiveBid,
  lockForBids,
  writeBidBatch,
} from '../../repositories/request-bid-batch.repository.ts';

/**
 * A batch of a request's bids applied in one transaction (bids.service.ts queues them): each
 * checked and answered as its own transaction would have.
 */

/** Rank only, no minimum decrement, 5 minutes of anti-sniping: when the shipper set no rule. */
const DEFAULT_RULE: AuctionRule = { visibility: 'rank_only', minDecrementPaise: 0, antiSnipingMinutes: DEFAULT_ANTI_SNIPING_MINUTES };

/** The vehicles asked, when a bid offers more: "Only 1 vehicle is requested." */
const tooManyVehicles = (n: number) => (n === 1 ? 'Only 1 vehicle is requested.' : `At most ${plural(n, 'vehicle')} are requested.`);

export type QueuedBid = {
  user: { id: number; carrierId: number };
  body: PlaceBidBody;
  now: Date;
  resolve: (position: BidPosition) => void;
  reject: (err: unknown) => void;
};

const keyReused = () =>
  new AppError(422, 'IDEMPOTENCY_KEY_REUSED', 'This idempotency key was already used for another bid. Send a new key for a new bid.', {
    idempotencyKey: 'Already used for another bid',
  });

/** The board's order: the lower amount, then the earlier bid, then the lower id. */
const ahead = (a: LiveBid, b: LiveBid) => a.amount - b.amount || a.at - b.at || a.id - b.id;

type LockedRequest = NonNullable<Awaited<ReturnType<typeof lockForBids>>>;

/** A request's auction as the batch changes it in memory, and what it will write. */
type Board = {
  request: LockedRequest;
  rule: AuctionRule;
  linkOf: Map<number, number | null>;
  live: LiveBid[];
  byLink: Map<number, LiveBid>;
  /** Handed out in order as first bids are accepted, as inserts would have. */
  freeIds: number[];
  bidEndAt: Date;
  extendedAt: Date | undefined;
  created: LiveBid[];
  revised: Map<LiveBid, Date>;
  revisions: BidBatchWrite['revisions'];
  outbid: number[];
};

/**
 * Applies a batch of bids under the request row lock, in order: reads the request's bids once,
 * checks and applies each bid in memory as its own transaction would have (invitation, open
 * window, vehicles, idempotency replay, downward-only by the minimum decrement, anti-sniping,
 * outbid), then writes the result in a few statements. A refused bid gets its error, the others go on.
 */
export async function applyBids(tx: Tx, requestId: number, batch: QueuedBid[]): Promise<(BidPosition | AppError)[]> {
  const board = await loadBoard(tx, requestId, batch);
  const outcomes = batch.map((queued) => applyBid(board, queued));
  await writeBoard(tx, requestId, board);
  if (board.outbid.length) {
    await notifyOutbid(tx, requestId, board.request, board.outbid);
  }
  return outcomes;
}

/** Takes the lock (with the carriers' invitations and the shipper's rule), then reads the bids. */
async function loadBoard(tx: Tx, requestId: number, batch: QueuedBid[]): Promise<Board> {
  const carrierIds = [...new Set(batch.map((b) => b.user.carrierId))];
  const request = await lockForBids(tx, requestId, carrierIds);
  if (!request) {
    throw notFound('Request');
  }
  const linkOf = new Map(request.links);
  const links = [...new Set([...linkOf.values()].filter((l): l is number => l !== null))];
  const keys = [...new Set(batch.flatMap((b) => (b.body.idempotencyKey ? [b.body.idempotencyKey] : [])))];
  // After the lock: every bid committed before it.
  const state = await bidBatchState(tx, requestId, keys, links);
  if (!state) {
    throw notFound('Request');
  }
  const live: LiveBid[] = state.bids.map((b) => ({ ...b, at: Number(b.at), keys: new Map() }));
  const byId = new Map(live.map((b) => [b.id, b]));
  for (const [bidId, key, amount, vehicles] of state.replays) {
    byId.get(bidId)?.keys.set(key, { amount: Number(amount), vehicles: Number(vehicles) });
  }
  return {
    request,
    rule: request.rule ?? DEFAULT_RULE,
    linkOf,
    live,
    byLink: new Map(live.map((b) => [b.link, b])),
    freeIds: state.ids.map(Number).sort((a, b) => a - b),
    bidEndAt: request.bidEndAt,
    extendedAt: undefined,
    created: [],
    revised: new Map(),
    revisions: [],
    outbid: [],
  };
}

/** A bid's rank on the board and the lowest amount there. */
function standing(board: Board, bid: LiveBid) {
  let rank = 1;
  let lowest = bid.amount;
  for (const other of board.live) {
    if (other !== bid) {
      rank += ahead(other, bid) < 0 ? 1 : 0;
      lowest = Math.min(lowest, other.amount);
    }
  }
  return { rank, lowest };
}

/** The answer to a bid: what the shipper's rule lets the carrier see of its standing. */
function position(board: Board, bid: LiveBid): BidPosition {
  const { rank, lowest } = standing(board, bid);
  const { visibility } = board.rule;
  return {
    amountRupees: bid.amount / 100,
    vehicles: bid.vehicles,
    rank: visibility === 'nothing' ? null : rank,
    lowestRupees: visibility === 'rank_and_lowest' ? lowest / 100 : null,
    bidEndAt: board.bidEndAt.toISOString(),
    revisions: bid.revisions,
  };
}

/** Checks and applies one bid in memory, as its own transaction would have. */
function applyBid(board: Board, { user, body, now }: QueuedBid): BidPosition | AppError {
  const link = board.linkOf.get(user.carrierId);
  if (!link) {
    return notFound('Request');
  }
  const amountPaise = Math.round(body.amountRupees * 100);
  const existing = board.byLink.get(link);
  const answered = refusalOrReplay(board, existing, body, amountPaise, now);
  if (answered) {
    return answered;
  }
  const leader = board.live.reduce<LiveBid | undefined>((best, b) => (!best || ahead(b, best) < 0 ? b : best), undefined);
  const bid = placeBid(board, existing, link, amountPaise, body.vehicles, now);
  if (body.idempotencyKey) {
    bid.keys.set(body.idempotencyKey, { amount: amountPaise, vehicles: body.vehicles });
  }
  board.revisions.push({ bidId: bid.id, amount: amountPaise, vehicles: body.vehicles, key: body.idempotencyKey ?? null, by: user.id });
  extendOnLateBid(board, now);
  if (leader && leader.link !== link && standing(board, bid).rank === 1) {
    board.outbid.push(leader.link);
  }
  return position(board, bid);
}

/**
 * The answer a bid gets without changing the board: a refusal (closed, vehicles, not lower by the
 * minimum decrement, no amount) or the replay of a bid already placed with its key; none for a bid to apply.
 */
function refusalOrReplay(
  board: Board,
  existing: LiveBid | undefined,
  body: PlaceBidBody,
  amountPaise: number,
  now: Date,
): BidPosition | AppError | null {
  const { request, rule } = board;
  if (request.status !== 'open' || board.bidEndAt <= now) {
    return new AppError(409, 'BIDDING_CLOSED', 'Bidding is not open on this request.');
  }
  if (body.vehicles > request.vehicleCount) {
    return badRequest('vehicles', tooManyVehicles(request.vehicleCount));
  }
  const used = body.idempotencyKey ? existing?.keys.get(body.idempotencyKey) : undefined;
  if (existing && used) {
    // A retry of a bid already placed: its answer again. The key sent with another bid is refused.
    return used.amount === amountPaise && used.vehicles === body.vehicles ? position(board, existing) : keyReused();
  }
  if (existing) {
    const ceiling = existing.amount - Math.max(1, rule.minDecrementPaise);
    if (amountPaise > ceiling) {
      const step = rule.minDecrementPaise ? ` by at least ${(rule.minDecrementPaise / 100).toFixed(2)}` : '';
      return badRequest('amountRupees', `A revision must lower your bid of ${(existing.amount / 100).toFixed(2)}${step}.`);
    }
  }
  if (amountPaise < 1) {
    return badRequest('amountRupees', 'Amount must be more than 0');
  }
  return null;
}

/** Revises the carrier's bid, or places its first one under the next reserved id. */
function placeBid(board: Board, existing: LiveBid | undefined, link: number, amount: number, vehicles: number, now: Date): LiveBid {
  if (existing) {
    Object.assign(existing, { amount, vehicles, at: now.getTime() * 1000, revisions: existing.revisions + 1 });
    board.revised.set(existing, now);
    return existing;
  }
  const id = board.freeIds.shift();
  if (id === undefined) {
    throw new Error('no bid id reserved');
  }
  const bid: LiveBid = { id, link, amount, vehicles, at: now.getTime() * 1000, revisions: 0, keys: new Map() };
  board.live.push(bid);
  board.byLink.set(link, bid);
  board.created.push(bid);
  return bid;
}

/** Anti-sniping: a bid inside the rule's last minutes moves the end by that many minutes. */
function extendOnLateBid(board: Board, now: Date) {
  const window = board.rule.antiSnipingMinutes * 60_000;
  if (window > 0 && board.bidEndAt.getTime() - now.getTime() < window) {
    board.bidEndAt = new Date(board.bidEndAt.getTime() + window);
    board.extendedAt = now;
  }
}

/** Writes the bids and revisions, and a later end with its close job. */
async function writeBoard(tx: Tx, requestId: number, { created, revised, revisions, extendedAt, bidEndAt }: Board) {
  await writeBidBatch(tx, requestId, { created, revised, revisions });
  if (extendedAt) {
    await extendBidEnd(tx, requestId, bidEndAt, extendedAt);
    await scheduleJob(tx, 'request-close', `request-close:${requestId}`, bidEndAt, { id: requestId });
  }
}

/** Tells the carriers who lost the lead. */
async function notifyOutbid(tx: Tx, requestId: number, request: LockedRequest, outbid: number[]) {
  const usersOf = await carrierUsersByLink(tx, [...new Set(outbid)]);
  // A carrier outbid twice in one batch hears it twice, as it would have bid by bid: one notify() per round.
  const rounds: number[][] = [];
  const times = new Map<number, number>();
  for (const link of outbid) {
    const n = times.get(link) ?? 0;
    times.set(link, n + 1);
    rounds[n] = [...(rounds[n] ?? []), ...(usersOf.get(link) ?? [])];
  }
  for (const userIds of rounds) {
    await notify(tx, userIds, {
      title: 'You were outbid',
      msg: `Another carrier now leads on ${request.number}. Lower your bid to get back to L1.`,
      type: 'request',
      referId: requestId,
      requestType: request.requestType,
    });
  }
}
