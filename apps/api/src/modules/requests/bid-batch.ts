import { eq, type SQL, sql } from 'drizzle-orm';
import type { BidPosition, PlaceBidBody } from '@freightdesk/shared/schemas/bid';
import type { Tx } from '../../db/client.ts';
import { AppError, badRequest, notFound } from '../../lib/errors.ts';
import { scheduleJob } from '../../lib/jobs.ts';
import { carrierUsersOfLinks, notify } from '../../lib/notify.ts';
import { invitedLink } from '../../lib/policy.ts';
import { transportRequests } from '../../db/schema/requests.ts';
import { DEFAULT_ANTI_SNIPING_MINUTES } from './request-rules.ts';
import { plural } from '@freightdesk/shared/words';
import { rowsOf } from '../../db/rows.ts';

const r = transportRequests;

/**
 * A batch of a request's bids applied in one transaction (bids.service.ts queues them): each
 * checked and answered as its own transaction would have.
 */

/** The shipper's auction rule for a request's plant (bid_visibility_settings). */
type AuctionRule = { visibility: string; minDecrementPaise: number; antiSnipingMinutes: number };
/** Rank only, no minimum decrement, 5 minutes of anti-sniping: when the shipper set no rule. */
const DEFAULT_RULE: AuctionRule = { visibility: 'rank_only', minDecrementPaise: 0, antiSnipingMinutes: DEFAULT_ANTI_SNIPING_MINUTES };

/** A carrier's bid while a batch is applied: paise, and the bid time in microseconds (exact, for ties). */
type LiveBid = {
  id: number;
  link: number;
  amount: number;
  vehicles: number;
  at: number;
  revisions: number;
  /** Idempotency keys used on this bid, with the amount (paise) and vehicles each was sent with. */
  keys: Map<string, { amount: number; vehicles: number }>;
};

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

/**
 * Applies a batch of bids under the request row lock, in order: reads the request's bids once,
 * checks and applies each bid in memory as its own transaction would have (invitation, open
 * window, vehicles, idempotency replay, downward-only by the minimum decrement, anti-sniping,
 * outbid), then writes the result in a few statements. A refused bid gets its error, the others go on.
 */
export async function applyBids(tx: Tx, requestId: number, batch: QueuedBid[]): Promise<(BidPosition | AppError)[]> {
  const carrierIds = [...new Set(batch.map((b) => b.user.carrierId))];
  const intArray = (ids: number[]) => `{${ids.join(',')}}`;
  // The lock. What it does not guard, the carriers' invitations and the shipper's rule, comes with
  // it, as of the statement's start (as if read just before the lock).
  const [request] = await tx
    .select({
      status: r.status,
      bidEndAt: r.bidEndAt,
      vehicleCount: r.vehicleCount,
      number: r.number,
      requestType: r.requestType,
      links: sql<[number, number | null][]>`(select coalesce(json_agg(json_build_array(c.id, ${invitedLink(sql`c.id`)})), '[]'::json)
        from unnest(${intArray(carrierIds)}::int[]) as c(id))`,
      rule: sql<AuctionRule | null>`(select json_build_object('visibility', s.visibility, 'minDecrementPaise', s.min_decrement_paise,
          'antiSnipingMinutes', s.anti_sniping_minutes)
        from bid_visibility_settings s
        where s.industry_id = transport_requests.industry_id and s.status = 'active'
          and (s.plant_id = transport_requests.plant_id or s.plant_id is null)
        order by s.plant_id nulls last limit 1)`,
    })
    .from(r)
    .where(eq(r.id, requestId))
    .for('update');
  if (!request) {
    throw notFound('Request');
  }
  const rule = request.rule ?? DEFAULT_RULE;
  const linkOf = new Map(request.links);
  const links = [...new Set([...linkOf.values()].filter((l): l is number => l !== null))];
  const keys = [...new Set(batch.flatMap((b) => (b.body.idempotencyKey ? [b.body.idempotencyKey] : [])))];
  // A new statement after the lock, so it sees every bid committed before: the bids, the
  // idempotency keys already used, and ids for carriers bidding for the first time.
  const [state] = rowsOf<{ bids: Omit<LiveBid, 'keys'>[]; replays: [number, string, number, number][]; ids: number[] }>(
    await tx.execute(sql`
      select
        (select coalesce(json_agg(json_build_object('id', b.id, 'link', b.industry_carrier_id, 'amount', b.amount_paise,
            'vehicles', b.vehicles, 'at', (extract(epoch from b.bid_at) * 1000000)::bigint, 'revisions', b.revisions)), '[]'::json)
          from bids b where b.request_id = ${requestId}) as bids,
        ${
          keys.length
            ? sql`(select coalesce(json_agg(json_build_array(v.bid_id, v.idempotency_key, v.amount_paise, v.vehicles)), '[]'::json)
                from bid_revisions v join bids b on b.id = v.bid_id where b.request_id = ${requestId} and v.idempotency_key in ${keys})`
            : sql`'[]'::json`
        } as replays,
        array(select nextval(pg_get_serial_sequence('bids', 'id'))::int from generate_series(1,
          (select count(*)::int from unnest(${intArray(links)}::int[]) as l(id)
            where not exists (select 1 from bids b where b.request_id = ${requestId} and b.industry_carrier_id = l.id)))) as ids`),
  );
  if (!state) {
    throw notFound('Request');
  }
  const live: LiveBid[] = state.bids.map((b) => ({ ...b, at: Number(b.at), keys: new Map() }));
  const byLink = new Map(live.map((b) => [b.link, b]));
  const byId = new Map(live.map((b) => [b.id, b]));
  for (const [bidId, key, amount, vehicles] of state.replays) {
    byId.get(bidId)?.keys.set(key, { amount: Number(amount), vehicles: Number(vehicles) });
  }
  // Handed out in order as first bids are accepted, as inserts would have.
  const freeIds = state.ids.map(Number).sort((a, b) => a - b);

  let bidEndAt = request.bidEndAt;
  let extendedAt: Date | undefined;
  const created: LiveBid[] = [];
  const revised = new Map<LiveBid, Date>();
  const revisions: { bidId: number; amount: number; vehicles: number; key: string | null; by: number }[] = [];
  const outbid: number[] = [];
  const standing = (bid: LiveBid) => {
    let rank = 1;
    let lowest = bid.amount;
    for (const other of live) {
      if (other !== bid) {
        rank += ahead(other, bid) < 0 ? 1 : 0;
        lowest = Math.min(lowest, other.amount);
      }
    }
    return { rank, lowest };
  };
  const position = (bid: LiveBid): BidPosition => {
    const { rank, lowest } = standing(bid);
    return {
      amountRupees: bid.amount / 100,
      vehicles: bid.vehicles,
      rank: rule.visibility === 'nothing' ? null : rank,
      lowestRupees: rule.visibility === 'rank_and_lowest' ? lowest / 100 : null,
      bidEndAt: bidEndAt.toISOString(),
      revisions: bid.revisions,
    };
  };

  const outcomes = batch.map(({ user, body, now }): BidPosition | AppError => {
    const link = linkOf.get(user.carrierId);
    if (!link) {
      return notFound('Request');
    }
    if (request.status !== 'open' || bidEndAt <= now) {
      return new AppError(409, 'BIDDING_CLOSED', 'Bidding is not open on this request.');
    }
    if (body.vehicles > request.vehicleCount) {
      return badRequest('vehicles', tooManyVehicles(request.vehicleCount));
    }
    const amountPaise = Math.round(body.amountRupees * 100);
    const existing = byLink.get(link);
    const used = body.idempotencyKey ? existing?.keys.get(body.idempotencyKey) : undefined;
    if (existing && used) {
      // A retry of a bid already placed: its answer again. The key sent with another bid is refused.
      return used.amount === amountPaise && used.vehicles === body.vehicles ? position(existing) : keyReused();
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
    const leader = live.reduce<LiveBid | undefined>((best, b) => (!best || ahead(b, best) < 0 ? b : best), undefined);
    let bid = existing;
    if (bid) {
      Object.assign(bid, { amount: amountPaise, vehicles: body.vehicles, at: now.getTime() * 1000, revisions: bid.revisions + 1 });
      revised.set(bid, now);
    } else {
      const id = freeIds.shift();
      if (id === undefined) {
        throw new Error('no bid id reserved');
      }
      bid = { id, link, amount: amountPaise, vehicles: body.vehicles, at: now.getTime() * 1000, revisions: 0, keys: new Map() };
      live.push(bid);
      byLink.set(link, bid);
      created.push(bid);
    }
    if (body.idempotencyKey) {
      bid.keys.set(body.idempotencyKey, { amount: amountPaise, vehicles: body.vehicles });
    }
    revisions.push({ bidId: bid.id, amount: amountPaise, vehicles: body.vehicles, key: body.idempotencyKey ?? null, by: user.id });
    const window = rule.antiSnipingMinutes * 60_000;
    if (window > 0 && bidEndAt.getTime() - now.getTime() < window) {
      bidEndAt = new Date(bidEndAt.getTime() + window);
      extendedAt = now;
    }
    if (leader && leader.link !== link && standing(bid).rank === 1) {
      outbid.push(leader.link);
    }
    return position(bid);
  });

  // One statement writes the batch: first bids, revised bids (their final state), and every revision in order.
  if (revisions.length) {
    const at = (b: LiveBid) => new Date(b.at / 1000).toISOString();
    const parts: SQL[] = [];
    if (created.length) {
      const rows = created.map((b) => {
        const updatedAt = revised.get(b);
        return sql`(${b.id}::int, ${requestId}::int, ${b.link}::int, ${b.amount}::bigint, ${b.vehicles}::int, ${at(b)}::timestamptz,
          ${b.revisions}::int, ${updatedAt ? sql`${updatedAt.toISOString()}::timestamptz` : sql`default`})`;
      });
      parts.push(sql`created as (insert into bids (id, request_id, industry_carrier_id, amount_paise, vehicles, bid_at, revisions, updated_at)
        values ${sql.join(rows, sql`, `)})`);
    }
    const changed = [...revised.keys()].filter((b) => !created.includes(b));
    if (changed.length) {
      const rows = changed.map(
        (b) => sql`(${b.id}::int, ${b.amount}::bigint, ${b.vehicles}::int, ${at(b)}::timestamptz, ${b.revisions}::int)`,
      );
      parts.push(sql`revised as (update bids set amount_paise = v.amount, vehicles = v.vehicles, bid_at = v.bid_at, revisions = v.revisions,
          updated_at = v.bid_at
        from (values ${sql.join(rows, sql`, `)}) as v(id, amount, vehicles, bid_at, revisions) where bids.id = v.id)`);
    }
    const rows = revisions.map((v) => sql`(${v.bidId}::int, ${v.amount}::bigint, ${v.vehicles}::int, ${v.key}::text, ${v.by}::int)`);
    await tx.execute(sql`${parts.length ? sql`with ${sql.join(parts, sql`, `)}` : sql``}
      insert into bid_revisions (bid_id, amount_paise, vehicles, idempotency_key, by) values ${sql.join(rows, sql`, `)}`);
  }
  if (extendedAt) {
    await tx.update(r).set({ bidEndAt, updatedAt: extendedAt }).where(eq(r.id, requestId));
    await scheduleJob(tx, 'request-close', `request-close:${requestId}`, bidEndAt, { id: requestId });
  }
  if (outbid.length) {
    const usersOf = new Map<number, number[]>();
    for (const link of new Set(outbid)) {
      usersOf.set(link, await carrierUsersOfLinks(tx, [link]));
    }
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
  return outcomes;
}
