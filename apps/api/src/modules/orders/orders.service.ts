import { and, eq, inArray, isNull, notInArray, or, sql } from 'drizzle-orm';
import type { AwardBody, OfflineOrderInputParsed, Order, OrderListQuery } from '@freightdesk/shared/schemas/order';
import { canMoveOrder, type OrderStatus } from '@freightdesk/shared/status/order';
import type { Db, DbOrTx } from '../../db/client.ts';
import { users } from '../../db/schema/auth.ts';
import { orderEvents, orders } from '../../db/schema/orders.ts';
import { plants } from '../../db/schema/plants.ts';
import { bids, counters, transportRequests } from '../../db/schema/requests.ts';
import { vehicleTypes } from '../../db/schema/settings.ts';
import { carriers, industries, industryCarriers } from '../../db/schema/tenancy.ts';
import { AppError, badRequest, notFound } from '../../lib/errors.ts';
import { carrierUsersOfLinks, notify, shipperUsersWith } from '../../lib/notify.ts';
import { checkCarrierLinkRef, checkPlantRef } from '../../lib/references.ts';
import { inDays, withIsoDates } from '../../lib/rows.ts';
import { type Actor, tenantResource } from '../../lib/tenant-resource.ts';

const o = orders;

const toOrder = (raw: Record<string, unknown>): Order => {
  const row = withIsoDates<Order & { pricePaise: number }>(raw);
  const iso = (v: unknown) => (v instanceof Date ? v.toISOString() : v === null ? null : String(v));
  const { pricePaise, ...rest } = row;
  return {
    ...rest,
    priceRupees: pricePaise / 100,
    pickupAt: String(iso(raw.pickupAt)),
    rejectedAt: iso(raw.rejectedAt),
    gateInAt: iso(raw.gateInAt),
    gateOutAt: iso(raw.gateOutAt),
  };
};

const select = {
  id: o.id,
  number: o.number,
  source: o.source,
  requestId: o.requestId,
  requestNumber: transportRequests.number,
  requestType: o.requestType,
  status: o.status,
  carrierLinkId: o.industryCarrierId,
  carrierName: carriers.name,
  shipperName: industries.name,
  plantId: o.plantId,
  plantName: plants.name,
  vehicleTypeName: vehicleTypes.name,
  pricePaise: o.pricePaise,
  priceBasis: o.priceBasis,
  pickupAt: o.pickupAt,
  vehicleNumber: o.vehicleNumber,
  driverName: o.driverName,
  driverMobile: o.driverMobile,
  rejectedAt: o.rejectedAt,
  rejectReason: o.rejectReason,
  gateInAt: o.gateInAt,
  gateOutAt: o.gateOutAt,
  createdAt: o.createdAt,
  updatedAt: o.updatedAt,
};
const joins = [
  { table: transportRequests, on: eq(transportRequests.id, o.requestId) },
  { table: industryCarriers, on: eq(industryCarriers.id, o.industryCarrierId) },
  { table: carriers, on: eq(carriers.id, industryCarriers.carrierId) },
  { table: industries, on: eq(industries.id, o.industryId) },
  { table: plants, on: eq(plants.id, o.plantId) },
  { table: vehicleTypes, on: eq(vehicleTypes.id, o.vehicleTypeId) },
];

/** Orders of one direction, as the shipper sees them; without a direction, every shipper's (carrier view). */
function orderResource(requestType?: 1 | 2) {
  return tenantResource<Order, never, OrderListQuery>({
    entity: 'order',
    label: 'Order',
    table: o,
    global: requestType === undefined,
    scope: requestType ? eq(o.requestType, requestType) : undefined,
    select,
    joins,
    search: [o.number, carriers.name, o.vehicleNumber, transportRequests.number, industries.name],
    sorts: { number: o.number, pickupAt: o.pickupAt, createdAt: o.createdAt },
    filters: (q) => [
      q.status ? eq(o.status, q.status) : undefined,
      q.source ? eq(o.source, q.source) : undefined,
      q.plantId ? eq(o.plantId, q.plantId) : undefined,
      q.carrierLinkId ? eq(o.industryCarrierId, q.carrierLinkId) : undefined,
      inDays(o.pickupAt, q.pickupFrom, q.pickupTo),
      inDays(o.rejectedAt, q.rejectedFrom, q.rejectedTo),
      inDays(o.gateInAt, q.gateInFrom, q.gateInTo),
      inDays(o.gateOutAt, q.gateOutFrom, q.gateOutTo),
    ],
    toRow: toOrder,
    toValues: () => ({}),
  });
}
export const orderResources = { 1: orderResource(1), 2: orderResource(2) } as const;
const allOrders = orderResource();

async function nextOrderNumber(tx: DbOrTx, industryId: number, at: Date): Promise<string> {
  const name = `ORD-${at.getUTCFullYear()}`;
  const [row] = await tx
    .insert(counters)
    .values({ industryId, name, value: 1 })
    .onConflictDoUpdate({ target: [counters.industryId, counters.name], set: { value: sql`${counters.value} + 1` } })
    .returning({ value: counters.value });
  return `${name}-${String(row?.value ?? 1).padStart(6, '0')}`;
}

/**
 * Awards bids of a closed request: one order per vehicle. The request row is locked, so awards
 * running at the same time can never give out more vehicles than were requested.
 */
export async function awardRequest(db: Db, actor: Actor, requestType: 1 | 2, requestId: number, body: AwardBody): Promise<Order[]> {
  const ids = await db.transaction(async (tx) => {
    const locked = await tx.execute(
      sql`select id from transport_requests where id = ${requestId} and industry_id = ${actor.industryId} and request_type = ${requestType} for update`,
    );
    if (!(locked as unknown as { rows: unknown[] }).rows.length) {
      throw notFound('Request');
    }
    const [request] = await tx.select().from(transportRequests).where(eq(transportRequests.id, requestId));
    if (!request || (request.status !== 'closed' && request.status !== 'awarded')) {
      throw new AppError(409, 'NOT_CLOSED', 'Award after bidding has closed.');
    }
    const [given] = await tx
      .select({ n: sql<number>`count(*)::int` })
      .from(o)
      .where(and(eq(o.requestId, requestId), notInArray(o.status, ['rejected', 'cancelled'])));
    const wanted = body.awards.reduce((sum, a) => sum + a.vehicles, 0);
    const left = request.vehicleCount - (given?.n ?? 0);
    if (wanted > left) {
      throw badRequest('awards', `Only ${left} of ${request.vehicleCount} vehicles are left to award.`);
    }
    const chosen = await tx
      .select()
      .from(bids)
      .where(
        and(
          eq(bids.requestId, requestId),
          inArray(
            bids.id,
            body.awards.map((a) => a.bidId),
          ),
        ),
      );
    const made: number[] = [];
    for (const [i, line] of body.awards.entries()) {
      const bid = chosen.find((b) => b.id === line.bidId);
      if (!bid) {
        throw badRequest(`awards.${i}.bidId`, 'Choose a bid of this request.');
      }
      if (line.vehicles > bid.vehicles) {
        throw badRequest(`awards.${i}.vehicles`, `This carrier offered ${bid.vehicles} vehicle(s).`);
      }
      for (let v = 0; v < line.vehicles; v++) {
        const [row] = await tx
          .insert(o)
          .values({
            industryId: actor.industryId,
            number: await nextOrderNumber(tx, actor.industryId, new Date()),
            source: 'request',
            requestId,
            bidId: bid.id,
            requestType,
            industryCarrierId: bid.industryCarrierId,
            plantId: request.plantId,
            vehicleTypeId: request.vehicleTypeId,
            pricePaise: bid.amountPaise,
            priceBasis: request.priceBasis,
            pickupAt: request.pickupAt,
          })
          .returning({ id: o.id });
        made.push(row?.id ?? 0);
        await tx
          .insert(orderEvents)
          .values({ orderId: row?.id ?? 0, toStatus: 'placed', by: actor.id, reason: `awarded from ${request.number}` });
      }
    }
    if (request.status === 'closed') {
      await tx.update(transportRequests).set({ status: 'awarded', updatedAt: new Date() }).where(eq(transportRequests.id, requestId));
    }
    const awardedLinks = [...new Set(chosen.map((b) => b.industryCarrierId))];
    await notify(tx, await carrierUsersOfLinks(tx, awardedLinks), {
      title: 'Awarded',
      msg: `You are awarded ${request.number}. Assign vehicles to your orders.`,
      type: 'order',
      referId: 0,
      requestType,
    });
    if (request.status === 'closed') {
      const others = (await tx.select({ link: bids.industryCarrierId }).from(bids).where(eq(bids.requestId, requestId)))
        .map((b) => b.link)
        .filter((l) => !awardedLinks.includes(l));
      await notify(tx, await carrierUsersOfLinks(tx, others), {
        title: 'Regret',
        msg: `${request.number} was awarded to another carrier. Thank you for bidding.`,
        type: 'request',
        referId: 0,
        requestType,
      });
    }
    return made;
  });
  const rows = await orderResources[requestType].list(db, actor.industryId, { page: 1, pageSize: 100 }, inArray(o.id, ids));
  return rows.data;
}

/** Records an order agreed outside the platform (offline), placed or with its vehicle already known. */
export async function createOfflineOrder(db: Db, actor: Actor, requestType: 1 | 2, input: OfflineOrderInputParsed): Promise<Order> {
  const id = await db.transaction(async (tx) => {
    await checkPlantRef(tx, actor.industryId, input.plantId);
    await checkCarrierLinkRef(tx, actor.industryId, input.carrierLinkId);
    const [vehicle] = await tx
      .select({ id: vehicleTypes.id })
      .from(vehicleTypes)
      .where(
        and(eq(vehicleTypes.id, input.vehicleTypeId), or(isNull(vehicleTypes.industryId), eq(vehicleTypes.industryId, actor.industryId))),
      );
    if (!vehicle) {
      throw badRequest('vehicleTypeId', 'Choose a vehicle type.');
    }
    const status = input.vehicleNumber ? 'vehicle_assigned' : 'placed';
    const [row] = await tx
      .insert(o)
      .values({
        industryId: actor.industryId,
        number: await nextOrderNumber(tx, actor.industryId, new Date()),
        source: 'offline',
        requestType,
        industryCarrierId: input.carrierLinkId,
        plantId: input.plantId,
        vehicleTypeId: input.vehicleTypeId,
        pricePaise: Math.round(input.priceRupees * 100),
        priceBasis: input.priceBasis,
        pickupAt: input.pickupAt,
        status,
        vehicleNumber: input.vehicleNumber ?? null,
        driverName: input.driverName ?? null,
        driverMobile: input.driverMobile ?? null,
      })
      .returning({ id: o.id });
    await tx.insert(orderEvents).values({ orderId: row?.id ?? 0, toStatus: status, by: actor.id, reason: 'offline order' });
    return row?.id ?? 0;
  });
  return orderResources[requestType].mustFind(db, actor.industryId, id);
}

/** A carrier's own orders (any shipper), newest first. */
export async function carrierOrders(db: Db, carrierId: number, q: OrderListQuery = { page: 1, pageSize: 100 }) {
  return allOrders.list(db, 0, q, eq(carriers.id, carrierId));
}

/** What a move may carry: the vehicle and driver it assigns, and why. */
export type OrderMovePatch = Partial<{ vehicleNumber: string; driverName: string; driverMobile: string; reason: string }>;

/** The time an order's move stamps on it: the Rejected, Gate In and Gate Out dates of the lists. */
const STATUS_STAMPS: Partial<Record<OrderStatus, 'rejectedAt' | 'gateInAt' | 'gateOutAt'>> = {
  rejected: 'rejectedAt',
  gate_in: 'gateInAt',
  gate_out: 'gateOutAt',
};

/**
 * Moves an order along its status machine inside the caller's transaction: the status, the date
 * the move stamps, vehicle details, and a timeline row with who and why. Refuses a move the
 * machine does not allow (409).
 */
export async function moveOrder(
  tx: DbOrTx,
  orderId: number,
  from: OrderStatus,
  to: OrderStatus,
  by: number,
  patch: OrderMovePatch = {},
): Promise<void> {
  if (!canMoveOrder(from, to)) {
    throw new AppError(409, 'INVALID_TRANSITION', `A ${from.replace('_', ' ')} order cannot be ${to.replace('_', ' ')}.`);
  }
  const now = new Date();
  const stamp = STATUS_STAMPS[to];
  await tx
    .update(o)
    .set({
      status: to,
      updatedAt: now,
      ...(stamp ? { [stamp]: now } : {}),
      ...(to === 'rejected' ? { rejectReason: patch.reason ?? null } : {}),
      ...(to === 'vehicle_assigned'
        ? { vehicleNumber: patch.vehicleNumber, driverName: patch.driverName, driverMobile: patch.driverMobile }
        : {}),
    })
    .where(eq(o.id, orderId));
  await tx.insert(orderEvents).values({
    orderId,
    fromStatus: from,
    toStatus: to,
    by,
    reason: patch.reason ?? (patch.vehicleNumber ? `vehicle ${patch.vehicleNumber}` : null),
  });
}

/** Moves a carrier's order (reject, assign vehicle); another carrier's order is not found. */
export async function carrierMoveOrder(
  db: Db,
  user: { id: number; carrierId: number },
  orderId: number,
  to: OrderStatus,
  patch: OrderMovePatch = {},
): Promise<Order> {
  await db.transaction(async (tx) => {
    const [row] = await tx
      .select({ status: o.status, industryId: o.industryId, number: o.number, requestType: o.requestType })
      .from(o)
      .innerJoin(industryCarriers, eq(industryCarriers.id, o.industryCarrierId))
      .where(and(eq(o.id, orderId), eq(industryCarriers.carrierId, user.carrierId)))
      .for('update', { of: o });
    if (!row) {
      throw notFound('Order');
    }
    await moveOrder(tx, orderId, row.status as OrderStatus, to, user.id, patch);
    const listPermission = row.requestType === 2 ? 'list-inbound-order' : 'list-outbound-order';
    await notify(tx, await shipperUsersWith(tx, row.industryId, listPermission), {
      title: to === 'rejected' ? 'Order rejected' : 'Vehicle assigned',
      msg: to === 'rejected' ? `${row.number} was rejected by the carrier.` : `${patch.vehicleNumber} is assigned to ${row.number}.`,
      type: 'order',
      referId: orderId,
      requestType: row.requestType,
    });
  });
  return allOrders.mustFind(db, 0, orderId, eq(carriers.id, user.carrierId));
}

/**
 * The order's timeline, oldest first: each move with who (the user and their company; null for
 * the platform's own jobs), when and why.
 */
export async function orderTimeline(db: Db, orderId: number) {
  const rows = await db
    .select({
      from: orderEvents.fromStatus,
      to: orderEvents.toStatus,
      by: orderEvents.by,
      byName: users.name,
      byCompany: sql<string | null>`coalesce(${carriers.name}, ${industries.name})`,
      reason: orderEvents.reason,
      at: orderEvents.at,
    })
    .from(orderEvents)
    .leftJoin(users, eq(users.id, orderEvents.by))
    .leftJoin(carriers, eq(carriers.id, users.carrierId))
    .leftJoin(industries, eq(industries.id, users.industryId))
    .where(eq(orderEvents.orderId, orderId))
    .orderBy(orderEvents.id);
  return rows.map((e) => ({ ...e, at: e.at.toISOString() }));
}
