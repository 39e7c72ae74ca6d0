import { and, asc, eq, or, sql } from 'drizzle-orm';
import type { BidPosition, PlaceBidBody, RankedBid } from '@freightdesk/shared/schemas/bid';
import type { Db, DbOrTx } from '../../db/client.ts';
import { bidRevisions, bids, transportRequests } from '../../db/schema/requests.ts';
import { bidVisibilitySettings } from '../../db/schema/settings.ts';
import { carriers, industryCarriers } from '../../db/schema/tenancy.ts';
import { AppError, badRequest, notFound } from '../../lib/errors.ts';
import { scheduleJob } from '../../lib/jobs.ts';
import { carrierUsersOfLinks, notify } from '../../lib/notify.ts';

const r = transportRequests;

/** The carrier links of `carrierId` that a request invites, directly or through a group, and not blocked. */
export function invitedLink(carrierId: number) {
  return sql`(select ic.id from industry_carriers ic
      where ic.carrier_id = ${carrierId} and ic.industry_id = transport_requests.industry_id and ic.status = 'active'
        and (exists (select 1 from request_invites i where i.request_id = transport_requests.id and i.industry_carrier_id = ic.id)
          or exists (select 1 from request_invite_groups g join carrier_group_members m on m.group_id = g.group_id
                     where g.request_id = transport_requests.id and m.industry_carrier_id = ic.id))
      limit 1)`;
}

/** The shipper's visibility rule for a request's plant (its own row, else the default, else rank only). */
async function visibilityFor(db: DbOrTx, industryId: number, plantId: number) {
  const rows = await db
    .select({
      plantId: bidVisibilitySettings.plantId,
      visibility: bidVisibilitySettings.visibility,
      minDecrementPaise: bidVisibilitySettings.minDecrementPaise,
      antiSnipingMinutes: bidVisibilitySettings.antiSnipingMinutes,
    })
    .from(bidVisibilitySettings)
    .where(
      and(
        eq(bidVisibilitySettings.industryId, industryId),
        eq(bidVisibilitySettings.status, 'active'),
        or(eq(bidVisibilitySettings.plantId, plantId), sql`${bidVisibilitySettings.plantId} is null`),
      ),
    );
  return rows.find((x) => x.plantId === plantId) ?? rows[0] ?? { visibility: 'rank_only', minDecrementPaise: 0, antiSnipingMinutes: 5 };
}

async function rankOf(db: DbOrTx, requestId: number, bidId: number): Promise<{ rank: number | null; lowestPaise: number | null }> {
  const rows = await db
    .select({ id: bids.id, amount: bids.amountPaise })
    .from(bids)
    .where(eq(bids.requestId, requestId))
    .orderBy(asc(bids.amountPaise), asc(bids.bidAt), asc(bids.id));
  const index = rows.findIndex((b) => b.id === bidId);
  return { rank: index < 0 ? null : index + 1, lowestPaise: rows[0]?.amount ?? null };
}

async function position(
  db: DbOrTx,
  request: { id: number; industryId: number; plantId: number; bidEndAt: Date },
  bidId: number,
): Promise<BidPosition> {
  const [bid] = await db.select().from(bids).where(eq(bids.id, bidId));
  if (!bid) {
    throw notFound('Bid');
  }
  const visibility = await visibilityFor(db, request.industryId, request.plantId);
  const { rank, lowestPaise } = await rankOf(db, request.id, bidId);
  return {
    amountRupees: bid.amountPaise / 100,
    vehicles: bid.vehicles,
    rank: visibility.visibility === 'nothing' ? null : rank,
    lowestRupees: visibility.visibility === 'rank_and_lowest' && lowestPaise !== null ? lowestPaise / 100 : null,
    bidEndAt: request.bidEndAt.toISOString(),
    revisions: bid.revisions,
  };
}

/**
 * Places or lowers a carrier's bid. One bid at a time per request (the request row is locked), so
 * ranks and decrements hold under concurrency; a bid in the last N minutes extends the end by N.
 */
export async function placeBid(
  db: Db,
  user: { id: number; carrierId: number },
  requestId: number,
  body: PlaceBidBody,
  now = new Date(),
): Promise<BidPosition> {
  return db.transaction(async (tx) => {
    const locked = await tx.execute(sql`select id from transport_requests where id = ${requestId} for update`);
    if (!(locked as unknown as { rows: unknown[] }).rows.length) {
      throw notFound('Request');
    }
    const [request] = await tx
      .select({
        id: r.id,
        industryId: r.industryId,
        plantId: r.plantId,
        status: r.status,
        bidEndAt: r.bidEndAt,
        vehicleCount: r.vehicleCount,
        link: invitedLink(user.carrierId).mapWith(Number),
      })
      .from(r)
      .where(eq(r.id, requestId));
    if (!request?.link) {
      throw notFound('Request');
    }
    if (request.status !== 'open' || request.bidEndAt <= now) {
      throw new AppError(409, 'BIDDING_CLOSED', 'Bidding is not open on this request.');
    }
    if (body.vehicles > request.vehicleCount) {
      throw badRequest('vehicles', `At most ${request.vehicleCount} vehicles are requested.`);
    }
    const amountPaise = Math.round(body.amountRupees * 100);
    const [existing] = await tx
      .select()
      .from(bids)
      .where(and(eq(bids.requestId, requestId), eq(bids.industryCarrierId, request.link)));
    if (existing && body.idempotencyKey) {
      const [replay] = await tx
        .select({ id: bidRevisions.id })
        .from(bidRevisions)
        .where(and(eq(bidRevisions.bidId, existing.id), eq(bidRevisions.idempotencyKey, body.idempotencyKey)));
      if (replay) {
        return position(tx, request, existing.id);
      }
    }
    const rule = await visibilityFor(tx, request.industryId, request.plantId);
    const [leader] = await tx
      .select({ id: bids.id, link: bids.industryCarrierId })
      .from(bids)
      .where(eq(bids.requestId, requestId))
      .orderBy(asc(bids.amountPaise), asc(bids.bidAt), asc(bids.id))
      .limit(1);
    let bidId: number;
    if (existing) {
      const ceiling = existing.amountPaise - Math.max(1, rule.minDecrementPaise);
      if (amountPaise > ceiling) {
        const step = rule.minDecrementPaise ? ` by at least ${(rule.minDecrementPaise / 100).toFixed(2)}` : '';
        throw badRequest('amountRupees', `A revision must lower your bid of ${(existing.amountPaise / 100).toFixed(2)}${step}.`);
      }
      await tx
        .update(bids)
        .set({ amountPaise, vehicles: body.vehicles, bidAt: now, revisions: existing.revisions + 1, updatedAt: now })
        .where(eq(bids.id, existing.id));
      bidId = existing.id;
    } else {
      const [made] = await tx
        .insert(bids)
        .values({ requestId, industryCarrierId: request.link, amountPaise, vehicles: body.vehicles, bidAt: now })
        .returning({ id: bids.id });
      bidId = made?.id ?? 0;
    }
    await tx
      .insert(bidRevisions)
      .values({ bidId, amountPaise, vehicles: body.vehicles, idempotencyKey: body.idempotencyKey ?? null, by: user.id });
    const window = rule.antiSnipingMinutes * 60_000;
    if (window > 0 && request.bidEndAt.getTime() - now.getTime() < window) {
      const bidEndAt = new Date(request.bidEndAt.getTime() + window);
      await tx.update(r).set({ bidEndAt, updatedAt: now }).where(eq(r.id, requestId));
      await scheduleJob(tx, 'request-close', `request-close:${requestId}`, bidEndAt, { id: requestId });
      request.bidEndAt = bidEndAt;
    }
    const now1 = await rankOf(tx, requestId, bidId);
    if (now1.rank === 1 && leader && leader.link !== request.link) {
      const [info] = await tx.select({ number: r.number, requestType: r.requestType }).from(r).where(eq(r.id, requestId));
      await notify(tx, await carrierUsersOfLinks(tx, [leader.link]), {
        title: 'You were outbid',
        msg: `Another carrier now leads on ${info?.number ?? 'a request'}. Lower your bid to get back to L1.`,
        type: 'request',
        referId: requestId,
        requestType: info?.requestType ?? 1,
      });
    }
    return position(tx, request, bidId);
  });
}

/** The shipper's bid board: every bid ranked, with savings against the target price. */
export async function rankedBids(db: Db, industryId: number, requestType: 1 | 2, requestId: number): Promise<RankedBid[]> {
  const [request] = await db
    .select({ target: r.targetPricePaise })
    .from(r)
    .where(and(eq(r.id, requestId), eq(r.industryId, industryId), eq(r.requestType, requestType)));
  if (!request) {
    throw notFound('Request');
  }
  const rows = await db
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
      savingPercent: saving === null || !request.target ? null : Math.round((saving / request.target) * 10_000) / 100,
    };
  });
}
