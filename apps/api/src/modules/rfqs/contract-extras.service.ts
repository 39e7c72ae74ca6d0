import { and, count, desc, eq, type SQL, sql } from 'drizzle-orm';
import type { ListResponse } from '@freightdesk/shared/schemas/common';
import type { ContractAmend, ContractOrder, ContractPerformance } from '@freightdesk/shared/schemas/contract';
import type { Db, DbOrTx } from '../../db/client.ts';
import { contractLaneRates, contractLanes, contracts, rfqLanes } from '../../db/schema/contracts.ts';
import { indentAllocations, indents } from '../../db/schema/indents.ts';
import { orders } from '../../db/schema/orders.ts';
import { writeAudit } from '../../lib/audit.ts';
import { AppError, notFound } from '../../lib/errors.ts';
import { carrierUsersOfLinks, notify } from '../../lib/notify.ts';
import { pageWindow } from '../../lib/pagination.ts';
import { indiaMonth } from '../indents/share-order.ts';
import { pctOf } from '@freightdesk/shared/percent';

/** The contract in scope (404 outside it). */
async function contractIn(db: DbOrTx, id: number, scope: SQL) {
  const [row] = await db
    .select()
    .from(contracts)
    .where(and(eq(contracts.id, id), scope));
  if (!row) {
    throw notFound('Contract');
  }
  return row;
}

/**
 * A lane's rate amended during an active contract, with the reason, kept in the lane's rate
 * history; indents placed from now on use it, orders already placed keep theirs. The carrier is told.
 */
export async function amendRate(
  db: Db,
  actor: { id: number; industryId: number },
  id: number,
  laneId: number,
  scope: SQL,
  input: ContractAmend,
) {
  await db.transaction(async (tx) => {
    const [contract] = await tx
      .select()
      .from(contracts)
      .where(and(eq(contracts.id, id), scope))
      .for('update');
    if (!contract) {
      throw notFound('Contract');
    }
    if (contract.status !== 'active') {
      throw new AppError(409, 'CONTRACT_ENDED', `This contract is already ${contract.status}.`);
    }
    const [lane] = await tx
      .select()
      .from(contractLanes)
      .where(and(eq(contractLanes.id, laneId), eq(contractLanes.contractId, id)));
    if (!lane) {
      throw notFound('Contract lane');
    }
    const ratePaise = Math.round(input.rateRupees * 100);
    if (ratePaise === lane.ratePaise) {
      throw new AppError(400, 'VALIDATION_FAILED', 'The new rate is the rate already in force.', {
        rateRupees: 'The new rate is the rate already in force.',
      });
    }
    await tx.update(contractLanes).set({ ratePaise }).where(eq(contractLanes.id, laneId));
    await tx.insert(contractLaneRates).values({ contractLaneId: laneId, ratePaise, reason: `amendment: ${input.reason}`, by: actor.id });
    await tx.update(contracts).set({ updatedAt: new Date() }).where(eq(contracts.id, id));
    await writeAudit(tx, {
      industryId: actor.industryId,
      actorUserId: actor.id,
      entity: 'contract',
      entityId: id,
      action: 'amend-rate',
      from: { contractLaneId: laneId, rateRupees: lane.ratePaise / 100 },
      to: { contractLaneId: laneId, rateRupees: input.rateRupees },
      reason: input.reason,
    });
    await notify(tx, await carrierUsersOfLinks(tx, [contract.industryCarrierId]), {
      title: 'Contract rate amended',
      msg: `${contract.number}: a lane's rate is now ₹${input.rateRupees.toLocaleString('en-IN')} (${input.reason}).`,
      type: 'rfp',
      referId: contract.rfqId ?? id,
      requestType: 1,
    });
  });
}

/** The orders placed on the contract (through its indent turns), newest first, paginated. */
export async function contractOrders(
  db: DbOrTx,
  id: number,
  scope: SQL,
  q: { page: number; pageSize: 25 | 50 | 100 },
): Promise<ListResponse<ContractOrder>> {
  await contractIn(db, id, scope);
  const where = sql`${orders.indentAllocationId} in (select a.id from indent_allocations a where a.contract_id = ${id})`;
  const { limit, offset } = pageWindow(q);
  const [rows, [total]] = await Promise.all([
    db
      .select({
        id: orders.id,
        number: orders.number,
        status: orders.status,
        requestType: orders.requestType,
        indentId: orders.indentId,
        indentNumber: indents.number,
        vehicleNumber: orders.vehicleNumber,
        pricePaise: orders.pricePaise,
        pickupAt: orders.pickupAt,
      })
      .from(orders)
      .leftJoin(indents, eq(indents.id, orders.indentId))
      .where(where)
      .orderBy(desc(orders.id))
      .limit(limit)
      .offset(offset),
    db.select({ n: count() }).from(orders).where(where),
  ]);
  return {
    data: rows.map(({ pricePaise, requestType, pickupAt, ...r }) => ({
      ...r,
      requestType: requestType === 2 ? 2 : 1,
      priceRupees: pricePaise / 100,
      pickupAt: pickupAt.toISOString(),
    })),
    total: total?.n ?? 0,
    page: q.page,
    pageSize: q.pageSize,
  };
}

const pct = (part: number, whole: number) => (whole > 0 ? pctOf(part, whole) : null);

/** Placement and acceptance so far: the carrier's indent turns on this contract and their orders. */
export async function contractPerformance(db: DbOrTx, id: number, scope: SQL, now = new Date()): Promise<ContractPerformance> {
  await contractIn(db, id, scope);
  const a = indentAllocations;
  const [turns] = await db
    .select({
      asked: sql<number>`count(*) filter (where ${a.status} <> 'queued' and ${a.status} <> 'skipped')::int`,
      accepted: sql<number>`count(*) filter (where ${a.status} = 'accepted')::int`,
      rejected: sql<number>`count(*) filter (where ${a.status} = 'rejected')::int`,
      expired: sql<number>`count(*) filter (where ${a.status} in ('expired', 'passed'))::int`,
      vehiclesAsked: sql<number>`coalesce(sum(${a.vehiclesAsked}) filter (where ${a.status} in ('accepted', 'rejected', 'expired', 'passed')), 0)::int`,
      vehiclesAccepted: sql<number>`coalesce(sum(${a.vehiclesAccepted}), 0)::int`,
    })
    .from(a)
    .where(eq(a.contractId, id));
  const [made] = await db
    .select({
      orders: sql<number>`count(*)::int`,
      delivered: sql<number>`count(*) filter (where ${orders.deliveredAt} is not null)::int`,
      reported: sql<number>`count(*) filter (where ${orders.reportedAt} is not null)::int`,
      onTime: sql<number>`count(*) filter (where ${orders.reportedAt} <= ${orders.pickupAt})::int`,
    })
    .from(orders)
    .where(sql`${orders.indentAllocationId} in (select x.id from indent_allocations x where x.contract_id = ${id})`);
  const { from, to } = indiaMonth(now);
  const month = sql`i.reporting_at >= ${from} and i.reporting_at < ${to}`;
  const lanes = await db
    .select({
      contractLaneId: contractLanes.id,
      originLabel: rfqLanes.originLabel,
      destinationLabel: rfqLanes.destinationLabel,
      sharePct: contractLanes.sharePct,
      mine: sql<number>`coalesce((select sum(x.vehicles_accepted) from indent_allocations x join indents i on i.id = x.indent_id
        where x.contract_id = ${id} and i.lane_id = ${rfqLanes.id} and ${month}), 0)::int`,
      all: sql<number>`coalesce((select sum(x.vehicles_accepted) from indent_allocations x join indents i on i.id = x.indent_id
        where i.lane_id = ${rfqLanes.id} and ${month}), 0)::int`,
    })
    .from(contractLanes)
    .innerJoin(rfqLanes, eq(rfqLanes.id, contractLanes.rfqLaneId))
    .where(eq(contractLanes.contractId, id))
    .orderBy(rfqLanes.seq);
  const n = (v: number | undefined) => Number(v ?? 0);
  return {
    turnsAsked: n(turns?.asked),
    turnsAccepted: n(turns?.accepted),
    turnsRejected: n(turns?.rejected),
    turnsExpired: n(turns?.expired),
    vehiclesAsked: n(turns?.vehiclesAsked),
    vehiclesAccepted: n(turns?.vehiclesAccepted),
    acceptancePct: pct(n(turns?.vehiclesAccepted), n(turns?.vehiclesAsked)),
    orders: n(made?.orders),
    ordersDelivered: n(made?.delivered),
    onTimePlacementPct: pct(n(made?.onTime), n(made?.reported)),
    lanes: lanes.map((l) => ({
      contractLaneId: l.contractLaneId,
      label: `${l.originLabel} → ${l.destinationLabel}`,
      sharePct: l.sharePct,
      takenThisMonth: n(l.mine),
      laneTakenThisMonth: n(l.all),
    })),
  };
}
