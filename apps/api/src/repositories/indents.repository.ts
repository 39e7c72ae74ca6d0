import { and, asc, desc, eq, inArray, or, sql } from 'drizzle-orm';
import type { ListResponse } from '@freightdesk/shared/schemas/common';
import type { IndentListQuery } from '@freightdesk/shared/schemas/indent';
import type { DbOrTx } from '../db/client.ts';
import { contracts, rfqLanes } from '../db/schema/contracts.ts';
import { indentAllocations, indents } from '../db/schema/indents.ts';
import { orders } from '../db/schema/orders.ts';
import { plants } from '../db/schema/plants.ts';
import { products, vehicleTypes } from '../db/schema/settings.ts';
import { carriers, industryCarriers } from '../db/schema/tenancy.ts';
import { cappedPage, countUpTo } from './common/list-page.ts';
import { likePattern } from './common/pagination.ts';
import type { Rule } from '../lib/policy-require.ts';

/**
 * The reads of indents: lists and one indent within a scope the caller takes from the policy
 * (`indentsFor(viewer, action)`, lib/policy-contracts.ts), never without one.
 */

const i = indents;

/** The carrier being asked now, and until when. */
const current = {
  name: sql<string | null>`(select c.name from indent_allocations a join industry_carriers ic on ic.id = a.industry_carrier_id
    join carriers c on c.id = ic.carrier_id where a.indent_id = ${i.id} and a.status = 'offered' limit 1)`,
  deadline: sql<
    string | null
  >`(select a.deadline_at from indent_allocations a where a.indent_id = ${i.id} and a.status = 'offered' limit 1)`,
};

const summaryColumns = {
  id: i.id,
  number: i.number,
  batchId: i.batchId,
  status: i.status,
  plantId: i.plantId,
  plantName: plants.name,
  laneId: i.laneId,
  originLabel: rfqLanes.originLabel,
  destinationLabel: rfqLanes.destinationLabel,
  requestType: i.requestType,
  vehicleTypeName: vehicleTypes.name,
  vehicles: i.vehicles,
  acceptedVehicles: i.acceptedVehicles,
  spotVehicles: i.spotVehicles,
  reportingAt: i.reportingAt,
  currentCarrierName: current.name,
  answerBy: current.deadline,
  externalRef: i.externalRef,
  updatedAt: i.updatedAt,
};

const base = (db: DbOrTx) =>
  db
    .select(summaryColumns)
    .from(i)
    .innerJoin(plants, eq(plants.id, i.plantId))
    .innerJoin(rfqLanes, eq(rfqLanes.id, i.laneId))
    .innerJoin(vehicleTypes, eq(vehicleTypes.id, i.vehicleTypeId));

export type SummaryRow = Awaited<ReturnType<ReturnType<typeof base>['execute']>>[number];

/** The indents in scope matching the list's filters and search. */
function listWhere(scope: Rule<'indent'>, q: IndentListQuery) {
  const pattern = q.search ? likePattern(q.search) : undefined;
  return and(
    scope,
    q.status ? eq(i.status, q.status) : undefined,
    q.plantId ? eq(i.plantId, q.plantId) : undefined,
    q.externalRef ? eq(i.externalRef, q.externalRef) : undefined,
    q.contractId
      ? sql`exists (select 1 from indent_allocations a where a.indent_id = ${i.id} and a.contract_id = ${q.contractId})`
      : undefined,
    pattern
      ? or(
          sql`${i.number} ilike ${pattern}`,
          sql`${rfqLanes.originLabel} ilike ${pattern}`,
          sql`${rfqLanes.destinationLabel} ilike ${pattern}`,
          // A whole ERP reference (issue 34), exact.
          eq(i.externalRef, q.search?.trim() ?? ''),
        )
      : undefined,
  );
}

/** The list's rows, newest first (the page's limit and offset set by the caller). */
export function indentListStatement(db: DbOrTx, scope: Rule<'indent'>, q: IndentListQuery) {
  return base(db).where(listWhere(scope, q)).orderBy(desc(i.id)).$dynamic();
}

/** A page of indents in scope; a count only when the page cannot tell it (capped). */
export async function indentListPage(db: DbOrTx, scope: Rule<'indent'>, q: IndentListQuery): Promise<ListResponse<SummaryRow>> {
  const where = listWhere(scope, q);
  return cappedPage(
    q,
    (limit, offset) => indentListStatement(db, scope, q).limit(limit).offset(offset),
    countUpTo(db, db.select({ id: i.id }).from(i).innerJoin(rfqLanes, eq(rfqLanes.id, i.laneId)).where(where)),
  );
}

/** One indent in scope. */
export function indentInScopeStatement(db: DbOrTx, id: number, scope: Rule<'indent'>) {
  return base(db).where(and(eq(i.id, id), scope));
}

export async function indentInScope(db: DbOrTx, id: number, scope: Rule<'indent'>): Promise<SummaryRow | undefined> {
  const [row] = await indentInScopeStatement(db, id, scope);
  return row;
}

/** The indent's record and product, its turns with their carriers and contracts, and its orders (an indent already read in scope). */
export async function indentParts(db: DbOrTx, id: number) {
  const [[extra], turns, made] = await Promise.all([
    db.select({ indent: i, productName: products.name }).from(i).leftJoin(products, eq(products.id, i.productId)).where(eq(i.id, id)),
    db
      .select({ a: indentAllocations, carrierName: carriers.name, contractNumber: contracts.number })
      .from(indentAllocations)
      .innerJoin(industryCarriers, eq(industryCarriers.id, indentAllocations.industryCarrierId))
      .innerJoin(carriers, eq(carriers.id, industryCarriers.carrierId))
      .leftJoin(contracts, eq(contracts.id, indentAllocations.contractId))
      .where(eq(indentAllocations.indentId, id))
      .orderBy(asc(indentAllocations.seq)),
    db
      .select({
        id: orders.id,
        number: orders.number,
        status: orders.status,
        carrierName: carriers.name,
        pricePaise: orders.pricePaise,
        vehicleNumber: orders.vehicleNumber,
      })
      .from(orders)
      .innerJoin(industryCarriers, eq(industryCarriers.id, orders.industryCarrierId))
      .innerJoin(carriers, eq(carriers.id, industryCarriers.carrierId))
      .where(eq(orders.indentId, id))
      .orderBy(asc(orders.id)),
  ]);
  return { extra, turns, made };
}

/** Indents just placed by the caller, in order. */
export async function indentSummariesOf(db: DbOrTx, ids: number[]): Promise<SummaryRow[]> {
  return base(db).where(inArray(i.id, ids)).orderBy(asc(i.id));
}
