import { eq, type SQL, sql } from 'drizzle-orm';
import type { Tx } from '../db/client.ts';
import { rowsOf } from '../db/rows.ts';
import { transportRequests } from '../db/schema/requests.ts';
import { invitedLink } from '../lib/policy.ts';

/**
 * The statements of applying a batch of a request's bids (issue 32): the request locked with the
 * carriers' invitations (the policy's invitation rule) and the shipper's auction rule, the bids
 * read after the lock, and the batch written in one statement.
 */

const r = transportRequests;

/** The shipper's auction rule for a request's plant (bid_visibility_settings). */
export type AuctionRule = { visibility: string; minDecrementPaise: number; antiSnipingMinutes: number };
/** A carrier's bid while a batch is applied: paise, and the bid time in microseconds (exact, for ties). */
export type LiveBid = {
  id: number;
  link: number;
  amount: number;
  vehicles: number;
  at: number;
  revisions: number;
  /** Idempotency keys used on this bid, with the amount (paise) and vehicles each was sent with. */
  keys: Map<string, { amount: number; vehicles: number }>;
};

const intArray = (ids: number[]) => `{${ids.join(',')}}`;

/**
 * The statement locking the request. What the lock does not guard, the carriers' invitations (each
 * carrier's invited link, or null) and the shipper's rule, comes with it, as of the statement's
 * start (as if read just before the lock).
 */
export const lockForBidsQuery = (tx: Tx, requestId: number, carrierIds: number[]) =>
  tx
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

/** Locks the request for a batch of bids; undefined when there is none. */
export async function lockForBids(tx: Tx, requestId: number, carrierIds: number[]) {
  const [request] = await lockForBidsQuery(tx, requestId, carrierIds);
  return request;
}

/** What a batch reads after the lock: the bids, the idempotency keys already used, ids for first bids. */
export type BidBatchState = { bids: Omit<LiveBid, 'keys'>[]; replays: [number, string, number, number][]; ids: number[] };

/**
 * A new statement after the lock, so it sees every bid committed before: the bids, the
 * idempotency keys already used, and ids for carriers bidding for the first time.
 */
export async function bidBatchState(tx: Tx, requestId: number, keys: string[], links: number[]): Promise<BidBatchState | undefined> {
  const [state] = rowsOf<BidBatchState>(
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
  return state;
}

/** The batch's result: first bids, revised bids (their final state, with when), and every revision in order. */
export type BidBatchWrite = {
  created: LiveBid[];
  revised: Map<LiveBid, Date>;
  revisions: { bidId: number; amount: number; vehicles: number; key: string | null; by: number }[];
};

/** One statement writes the batch: first bids, revised bids (their final state), and every revision in order. */
export async function writeBidBatch(tx: Tx, requestId: number, { created, revised, revisions }: BidBatchWrite): Promise<void> {
  if (!revisions.length) {
    return;
  }
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

/** The auction's end moves later (anti-sniping). */
export async function extendBidEnd(tx: Tx, requestId: number, bidEndAt: Date, at: Date): Promise<void> {
  await tx.update(r).set({ bidEndAt, updatedAt: at }).where(eq(r.id, requestId));
}
