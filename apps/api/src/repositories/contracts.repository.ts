import { and, asc, desc, eq, inArray, or, sql } from 'drizzle-orm';
import type { ListResponse } from '@freightdesk/shared/schemas/common';
import type { ContractListQuery } from '@freightdesk/shared/schemas/contract';
import type { DbOrTx } from '../db/client.ts';
import { contractLaneRates, contractLanes, contracts, rfqLanes, rfqs } from '../db/schema/contracts.ts';
import { plants } from '../db/schema/plants.ts';
import { vehicleTypes } from '../db/schema/settings.ts';
import { carriers, industryCarriers } from '../db/schema/tenancy.ts';
import { cappedPage, countUpTo } from './common/list-page.ts';
import { likePattern } from './common/pagination.ts';
import type { Rule } from '../lib/policy-require.ts';

/**
 * The reads and writes of contracts: lists and one contract within the scope the caller takes from
 * the policy (`contractsFor(viewer, action)`), or by id for the expiry job the award scheduled.
 */

export type ContractRecord = typeof contracts.$inferSelect;

const columns = {
  id: contracts.id,
  number: contracts.number,
  status: contracts.status,
  rfqId: contracts.rfqId,
  rfqNumber: rfqs.number,
  plantId: contracts.plantId,
  plantName: plants.name,
  carrierLinkId: contracts.industryCarrierId,
  carrierName: carriers.name,
  validFrom: contracts.validFrom,
  validTo: contracts.validTo,
  lanes: sql<number>`(select count(*)::int from contract_lanes l where l.contract_id = ${contracts.id})`,
  updatedAt: contracts.updatedAt,
};

const base = (db: DbOrTx) =>
  db
    .select(columns)
    .from(contracts)
    .innerJoin(plants, eq(plants.id, contracts.plantId))
    .innerJoin(industryCarriers, eq(industryCarriers.id, contracts.industryCarrierId))
    .innerJoin(carriers, eq(carriers.id, industryCarriers.carrierId))
    .leftJoin(rfqs, eq(rfqs.id, contracts.rfqId));

export type ContractRow = Awaited<ReturnType<ReturnType<typeof base>['execute']>>[number];

function listWhere(scope: Rule<'contract'>, q: ContractListQuery) {
  return and(
    scope,
    q.status ? eq(contracts.status, q.status) : undefined,
    q.rfqId ? eq(contracts.rfqId, q.rfqId) : undefined,
    q.search
      ? or(sql`${contracts.number} ilike ${likePattern(q.search)}`, sql`${carriers.name} ilike ${likePattern(q.search)}`)
      : undefined,
  );
}

/** Contracts in scope, newest first (the page's limit and offset set by the caller). */
export function contractListStatement(db: DbOrTx, scope: Rule<'contract'>, q: ContractListQuery) {
  return base(db).where(listWhere(scope, q)).orderBy(desc(contracts.id)).$dynamic();
}

/** A page of contracts in scope; a count only when the page cannot tell it. */
export async function contractListPage(db: DbOrTx, scope: Rule<'contract'>, q: ContractListQuery): Promise<ListResponse<ContractRow>> {
  const matches = db
    .select({ one: sql`1`.as('one') })
    .from(contracts)
    .innerJoin(industryCarriers, eq(industryCarriers.id, contracts.industryCarrierId))
    .innerJoin(carriers, eq(carriers.id, industryCarriers.carrierId))
    .where(listWhere(scope, q))
    .orderBy(desc(contracts.id))
    .$dynamic();
  return cappedPage(q, async (limit, offset) => contractListStatement(db, scope, q).limit(limit).offset(offset), countUpTo(db, matches));
}

/** One contract in scope. */
export function contractInScopeStatement(db: DbOrTx, id: number, scope: Rule<'contract'>) {
  return base(db).where(and(eq(contracts.id, id), scope));
}

export async function contractInScope(db: DbOrTx, id: number, scope: Rule<'contract'>): Promise<ContractRow | undefined> {
  const [row] = await contractInScopeStatement(db, id, scope);
  return row;
}

/** The contract's record, its lanes (with the RFQ lane and vehicle type) in order, and each lane rate's history. */
export async function contractParts(db: DbOrTx, id: number) {
  const [extra] = await db.select().from(contracts).where(eq(contracts.id, id));
  const lanes = await db
    .select({ cl: contractLanes, l: rfqLanes, vehicleTypeName: vehicleTypes.name })
    .from(contractLanes)
    .innerJoin(rfqLanes, eq(rfqLanes.id, contractLanes.rfqLaneId))
    .innerJoin(vehicleTypes, eq(vehicleTypes.id, rfqLanes.vehicleTypeId))
    .where(eq(contractLanes.contractId, id))
    .orderBy(asc(rfqLanes.seq));
  const history = lanes.length
    ? await db
        .select()
        .from(contractLaneRates)
        .where(
          inArray(
            contractLaneRates.contractLaneId,
            lanes.map((x) => x.cl.id),
          ),
        )
        .orderBy(asc(contractLaneRates.at))
    : [];
  return { extra, lanes, history };
}

/** The contract in scope, locked. */
export async function lockContractInScope(tx: DbOrTx, id: number, scope: Rule<'contract'>): Promise<ContractRecord | undefined> {
  const [row] = await tx
    .select()
    .from(contracts)
    .where(and(eq(contracts.id, id), scope))
    .for('update');
  return row;
}

export async function updateContract(tx: DbOrTx, id: number, values: Partial<typeof contracts.$inferInsert>): Promise<void> {
  await tx.update(contracts).set(values).where(eq(contracts.id, id));
}

/** The contract by id (the expiry job's). */
export async function contractById(db: DbOrTx, id: number): Promise<ContractRecord | undefined> {
  const [row] = await db.select().from(contracts).where(eq(contracts.id, id));
  return row;
}
