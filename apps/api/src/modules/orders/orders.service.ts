import type { AwardBody, Order } from '@freightdesk/shared/schemas/order';
import { plural } from '@freightdesk/shared/words';
import type { Db, DbOrTx } from '../../db/client.ts';
import { writeAudit } from '../../repositories/audit.repository.ts';
import { AppError, badRequest, notFound } from '../../lib/errors.ts';
import { carrierUsersOfLinks, notify } from '../../lib/notify.ts';
import { audience, type Viewer } from '../../lib/policy.ts';
import type { Actor } from '../../lib/tenant-resource.ts';
import { recordOrderEvent } from '../../lib/webhook-emits.ts';
import { requestLane, writeLane } from './order-lane.ts';
import { nextNumber } from '../../repositories/numbering.repository.ts';
import { addOrderEvent } from '../../repositories/order-events.repository.ts';
import {
  type BidRow,
  bidderLinks,
  bidsOfRequest,
  liveOrdersOfRequest,
  lockRequestRow,
  markRequestAwarded,
  type RequestRow,
  requestRow,
} from '../../repositories/order-awards.repository.ts';
import { insertOrder, lockOrderToChange } from '../../repositories/order-moves.repository.ts';
import { carrierOrder, ordersByIds } from '../../repositories/orders.repository.ts';
import { moveOrder, type OrderMovePatch } from './order-status-moves.ts';

export { orderResources } from '../../repositories/order-rows.repository.ts';
export { type LockedOrder, lockOrder } from '../../repositories/order-moves.repository.ts';
export { assertMove, illegalMove, moveOrder, type OrderMovePatch } from './order-status-moves.ts';

/** The shipper's next order number of the year (ORD-2026-000123), counted in the caller's transaction. */
export const nextOrderNumber = (tx: DbOrTx, industryId: number, at: Date) => nextNumber(tx, industryId, 'ORD', at);

/** Locks the request row (awards of one request run one at a time) and reads it; 404 or 409 when it cannot be awarded. */
async function lockForAward(tx: DbOrTx, actor: Actor, requestType: 1 | 2, requestId: number): Promise<RequestRow> {
  if (!(await lockRequestRow(tx, actor.industryId, requestType, requestId))) {
    throw notFound('Request');
  }
  const request = await requestRow(tx, requestId);
  if (!request || (request.status !== 'closed' && request.status !== 'awarded')) {
    throw new AppError(409, 'NOT_CLOSED', 'Award after bidding has closed.');
  }
  return request;
}

/** The live (not rejected or cancelled) orders of the request, by bid. */
async function liveOrdersByBid(tx: DbOrTx, requestId: number): Promise<Map<number, number[]>> {
  const rows = await liveOrdersOfRequest(tx, requestId);
  const byBid = new Map<number, number[]>();
  for (const row of rows) {
    byBid.set(row.bidId ?? 0, [...(byBid.get(row.bidId ?? 0) ?? []), row.id]);
  }
  return byBid;
}

/**
 * The award's lines split into new ones and repeats. A bid is awarded once: a line naming a bid
 * that already holds as many live orders as the line asks for is a repeat of that award (a
 * double click, a second tab) and makes nothing; a bid awarded with another count is refused.
 */
function splitAward(body: AwardBody, chosen: BidRow[], live: Map<number, number[]>) {
  const fresh: { bid: BidRow; vehicles: number }[] = [];
  const repeated: number[] = [];
  for (const [i, line] of body.awards.entries()) {
    const bid = chosen.find((b) => b.id === line.bidId);
    if (!bid) {
      throw badRequest(`awards.${i}.bidId`, 'Choose a bid of this request.');
    }
    if (line.vehicles > bid.vehicles) {
      throw badRequest(`awards.${i}.vehicles`, `This carrier offered ${plural(bid.vehicles, 'vehicle')}.`);
    }
    const held = live.get(bid.id) ?? [];
    if (held.length === line.vehicles) {
      repeated.push(...held);
    } else if (held.length) {
      throw new AppError(409, 'ALREADY_AWARDED', `This bid is already awarded (${plural(held.length, 'vehicle')}).`, {
        [`awards.${i}.bidId`]: `This bid is already awarded (${plural(held.length, 'vehicle')}).`,
      });
    } else {
      fresh.push({ bid, vehicles: line.vehicles });
    }
  }
  return { fresh, repeated };
}

/** Refuses new vehicles beyond what the request still has to award. */
function checkVehiclesLeft(request: RequestRow, live: Map<number, number[]>, wanted: number) {
  const given = [...live.values()].reduce((sum, ids) => sum + ids.length, 0);
  const left = request.vehicleCount - given;
  if (wanted > left) {
    const message =
      left > 0
        ? `Only ${plural(left, 'vehicle')} of ${request.vehicleCount} ${left === 1 ? 'is' : 'are'} left to award.`
        : 'Every vehicle of this request is awarded.';
    throw badRequest('awards', message);
  }
}

/** One order per vehicle of each new line; every order runs the request's lane with the vehicle's share of the load. */
async function placeAwardOrders(tx: DbOrTx, actor: Actor, request: RequestRow, lines: { bid: BidRow; vehicles: number }[]) {
  const lane = await requestLane(tx, request);
  const weightTonnes = request.weightTonnes / request.vehicleCount;
  const made: number[] = [];
  for (const { bid, vehicles } of lines) {
    for (let v = 0; v < vehicles; v++) {
      const id = await insertOrder(tx, {
        industryId: actor.industryId,
        number: await nextOrderNumber(tx, actor.industryId, new Date()),
        source: 'request',
        requestId: request.id,
        bidId: bid.id,
        requestType: request.requestType,
        industryCarrierId: bid.industryCarrierId,
        plantId: request.plantId,
        vehicleTypeId: request.vehicleTypeId,
        pricePaise: bid.amountPaise,
        priceBasis: request.priceBasis,
        pickupAt: request.pickupAt,
        productId: request.productId,
        weightTonnes,
      });
      made.push(id);
      await writeLane(tx, id, lane);
      await recordOrderEvent(tx, 'order.awarded', id);
      await addOrderEvent(tx, { orderId: id, toStatus: 'placed', by: actor.id, reason: `awarded from ${request.number}` });
    }
  }
  return made;
}

/** The request becomes awarded (its history says who), the awarded carriers hear, and on the first award the others get their regret. */
async function announceAward(tx: DbOrTx, actor: Actor, request: RequestRow, awardedLinks: number[]) {
  const requestType = request.requestType === 2 ? 2 : 1;
  if (request.status === 'closed') {
    await markRequestAwarded(tx, request.id);
    await writeAudit(tx, {
      industryId: actor.industryId,
      actorUserId: actor.id,
      entity: 'request',
      entityId: request.id,
      action: 'status',
      from: 'closed',
      to: 'awarded',
    });
  }
  await notify(tx, await carrierUsersOfLinks(tx, awardedLinks), {
    title: 'Awarded',
    msg: `You are awarded ${request.number}. Assign vehicles to your orders.`,
    type: 'order',
    referId: 0,
    requestType,
  });
  if (request.status === 'closed') {
    const others = (await bidderLinks(tx, request.id)).filter((l) => !awardedLinks.includes(l));
    await notify(tx, await carrierUsersOfLinks(tx, others), {
      title: 'Regret',
      msg: `${request.number} was awarded to another carrier. Thank you for bidding.`,
      type: 'request',
      referId: 0,
      requestType,
    });
  }
}

/**
 * Awards bids of a closed request: one order per vehicle. The request row is locked, so awards
 * running at the same time can never give out more vehicles than were requested, and a bid is
 * awarded once: the same award sent twice (a double click, two tabs, a retry without its key)
 * makes its orders once and answers them both times (`created: false` the second time).
 */
export async function awardRequest(
  db: Db,
  actor: Actor,
  requestType: 1 | 2,
  requestId: number,
  body: AwardBody,
): Promise<{ orders: Order[]; created: boolean }> {
  const { made, repeated } = await db.transaction(async (tx) => {
    const request = await lockForAward(tx, actor, requestType, requestId);
    const live = await liveOrdersByBid(tx, requestId);
    const chosen = await bidsOfRequest(
      tx,
      requestId,
      body.awards.map((a) => a.bidId),
    );
    const { fresh, repeated } = splitAward(body, chosen, live);
    checkVehiclesLeft(
      request,
      live,
      fresh.reduce((sum, l) => sum + l.vehicles, 0),
    );
    if (!fresh.length) {
      return { made: [], repeated };
    }
    const made = await placeAwardOrders(tx, actor, request, fresh);
    await announceAward(tx, actor, request, [...new Set(fresh.map((l) => l.bid.industryCarrierId))]);
    return { made, repeated };
  });
  const ids = [...repeated, ...made];
  const rows = await ordersByIds(db, actor.industryId, requestType, ids);
  return { orders: rows.data, created: made.length > 0 };
}

/**
 * The carrier accepts a placed order by assigning the vehicle, or rejects it; another carrier's
 * order is not found. A vehicle already assigned is changed through `changeVehicle`, with a reason.
 */
export async function carrierMoveOrder(
  db: Db,
  user: Viewer,
  orderId: number,
  to: 'vehicle_assigned' | 'rejected',
  patch: OrderMovePatch = {},
): Promise<Order> {
  await db.transaction(async (tx) => {
    const row = await lockOrderToChange(tx, user, orderId);
    if (to === 'vehicle_assigned' && row.status === 'vehicle_assigned') {
      throw new AppError(409, 'INVALID_TRANSITION', `${row.number} has its vehicle; change it with a reason instead.`);
    }
    await moveOrder(tx, orderId, row.status, to, user.id, patch);
    await notify(tx, await audience(tx, row.industryId, 'order', orderId), {
      title: to === 'rejected' ? 'Order rejected' : 'Vehicle assigned',
      msg: to === 'rejected' ? `${row.number} was rejected by the carrier.` : `${patch.vehicleNumber} is assigned to ${row.number}.`,
      type: 'order',
      referId: orderId,
      requestType: row.requestType,
    });
  });
  return carrierOrder(db, user, orderId);
}
