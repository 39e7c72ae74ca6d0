import { and, count, desc, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/client.ts';
import { contractLaneRates, contractLanes, contracts, rfqLanes } from '../db/schema/contracts.ts';
import { indentAllocations, indents } from '../db/schema/indents.ts';
import { orders } from '../db/schema/orders.ts';
import { pageWindow } from './common/pagination.ts';
import type { Rule } from '../lib/policy-require.ts';

/**
 * A contract's rate amendments, orders and performance: the contract is reached within the scope the
 * caller takes from the policy (`contractsFor(viewer, action)`), its parts by the contract's id.
 */

type ContractRecord = typeof contracts.$inferSelect;

/** The contract in scope. */
export async function contractRecordInScope(db: DbOrTx, id: number, scope: Rule<'contract'>): Promise<ContractRecord | undefined> {
  const [row] = await db
    .select()
    .from(contracts)
    .where(and(eq(contracts.id, id), scope));
  return row;
}

/** One lane of the contract. */
export async function laneOfContract(tx: DbOrTx, contractId: number, laneId: number) {
  const [lane] = await tx
    .select()
    .from(contractLanes)
    .where(and(eq(contractLanes.id, laneId), eq(contractLanes.contractId, contractId)));
  return lane;
}

/** The lane's new rate with its history line; the contract's version moved on. */
export async function amendLaneRate(tx: DbOrTx, contractId: number, laneId: number, ratePaise: number, reason: string, by: number) {
  await tx.update(contractLanes).set({ ratePaise }).where(eq(contractLanes.id, laneId));
  await tx.insert(contractLaneRates).values({ contractLaneId: laneId, ratePaise, reason, by });
  await tx.update(contracts).set({ updatedAt: new Date() }).where(eq(contracts.id, contractId));
}

const ordersOfContract = (id: number) =>
  sql`${orders.indentAllocationId} in (select a.id from indent_allocations a where a.contract_id = ${id})`;

/** The orders placed on the contract (through its indent turns), newest first, one page. */
export function contractOrdersStatement(db: DbOrTx, id: number, q: { page: number; pageSize: 25 | 50 | 100 }) {
  const { limit, offset } = pageWindow(q);
  return db
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
    .where(ordersOfContract(id))
    .orderBy(desc(orders.id))
    .limit(limit)
    .offset(offset);
}

export async function contractOrdersPage(db: DbOrTx, id: number, q: { page: number; pageSize: 25 | 50 | 100 }) {
  const [rows, [total]] = await Promise.all([
    contractOrdersStatement(db, id, q),
    db.select({ n: count() }).from(orders).where(ordersOfContract(id)),
  ]);
  return { rows, total: total?.n ?? 0 };
}

/** The contract's indent turns counted by how they ended. */
export async function turnTallies(db: DbOrTx, id: number) {
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
  return turns;
}

/** The contract's orders counted: made, delivered, reported, reported on time. */
export async function orderTallies(db: DbOrTx, id: number) {
  const [made] = await db
    .select({
      orders: sql<number>`count(*)::int`,
      delivered: sql<number>`count(*) filter (where ${orders.deliveredAt} is not null)::int`,
      reported: sql<number>`count(*) filter (where ${orders.reportedAt} is not null)::int`,
      onTime: sql<number>`count(*) filter (where ${orders.reportedAt} <= ${orders.pickupAt})::int`,
    })
    .from(orders)
    .where(sql`${orders.indentAllocationId} in (select x.id from indent_allocations x where x.contract_id = ${id})`);
  return made;
}

/** The contract's lanes with the vehicles it and every carrier took on each between `from` and `to`. */
export async function laneTakes(db: DbOrTx, id: number, from: Date, to: Date) {
  const month = sql`i.reporting_at >= ${from} and i.reporting_at < ${to}`;
  return db
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
}
