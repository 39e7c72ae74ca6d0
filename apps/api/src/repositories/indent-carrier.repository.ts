import { and, asc, desc, eq, inArray, or, sql } from 'drizzle-orm';
import type { ListResponse } from '@freightdesk/shared/schemas/common';
import type { DbOrTx } from '../db/client.ts';
import { rfqLanes, rfqs } from '../db/schema/contracts.ts';
import { indentAllocations, indents } from '../db/schema/indents.ts';
import { orders } from '../db/schema/orders.ts';
import { products, vehicleTypes } from '../db/schema/settings.ts';
import { industries, industryCarriers } from '../db/schema/tenancy.ts';
import { carrierTurns } from '../lib/policy.ts';
import { cappedPage, countUpTo } from './common/list-page.ts';
import { likePattern } from './common/pagination.ts';

/**
 * What a carrier reads of the indents addressed to it: its own turns (the policy's carrierTurns:
 * never queued ones, never the other carriers'), the rate it is offered, and the orders its
 * acceptance made. Material is hidden when the shipper hides material on RFQs (the lane came from one).
 */
const a = indentAllocations;

const columns = {
  id: indents.id,
  number: indents.number,
  shipperName: industries.name,
  originLabel: rfqLanes.originLabel,
  destinationLabel: rfqLanes.destinationLabel,
  vehicleTypeName: vehicleTypes.name,
  productName: sql<string | null>`case when ${industries.hideMaterialRfp} or ${rfqs.hideMaterial} then null else ${products.name} end`,
  weightTonnes: indents.weightTonnes,
  reportingAt: indents.reportingAt,
  remarks: indents.remarks,
  ratePaise: a.ratePaise,
  allocationId: a.id,
  status: a.status,
  vehiclesAsked: a.vehiclesAsked,
  vehiclesAccepted: a.vehiclesAccepted,
  deadlineAt: a.deadlineAt,
  answeredAt: a.answeredAt,
  reason: a.reason,
};

const base = (db: DbOrTx) =>
  db
    .select(columns)
    .from(a)
    .innerJoin(indents, eq(indents.id, a.indentId))
    .innerJoin(industries, eq(industries.id, indents.industryId))
    .innerJoin(rfqLanes, eq(rfqLanes.id, indents.laneId))
    .innerJoin(rfqs, eq(rfqs.id, rfqLanes.rfqId))
    .innerJoin(vehicleTypes, eq(vehicleTypes.id, indents.vehicleTypeId))
    .leftJoin(products, eq(products.id, indents.productId));

export type CarrierTurnRow = Awaited<ReturnType<ReturnType<typeof base>['execute']>>[number];

export type CarrierIndentQuery = { search?: string; pending?: boolean; page: number; pageSize: 25 | 50 | 100 };

function listWhere(carrierId: number, q: CarrierIndentQuery) {
  const pattern = q.search ? likePattern(q.search) : undefined;
  return and(
    carrierTurns(carrierId),
    q.pending ? and(eq(a.status, 'offered'), sql`${a.deadlineAt} > now()`) : undefined,
    pattern
      ? or(
          sql`${indents.number} ilike ${pattern}`,
          sql`${rfqLanes.originLabel} ilike ${pattern}`,
          sql`${rfqLanes.destinationLabel} ilike ${pattern}`,
          sql`${industries.name} ilike ${pattern}`,
        )
      : undefined,
  );
}

/** The carrier's turns, those waiting for its answer first (soonest deadline first), then the newest. */
export function carrierIndentListStatement(db: DbOrTx, carrierId: number, q: CarrierIndentQuery) {
  return base(db).where(listWhere(carrierId, q)).orderBy(sql`(${a.status} = 'offered') desc`, asc(a.deadlineAt), desc(a.id)).$dynamic();
}

/** A page of the carrier's turns; a count only when the page cannot tell it. */
export async function carrierIndentPage(db: DbOrTx, carrierId: number, q: CarrierIndentQuery): Promise<ListResponse<CarrierTurnRow>> {
  return cappedPage(
    q,
    (limit, offset) => carrierIndentListStatement(db, carrierId, q).limit(limit).offset(offset),
    countUpTo(
      db,
      db
        .select({ id: a.id })
        .from(a)
        .innerJoin(indents, eq(indents.id, a.indentId))
        .innerJoin(industries, eq(industries.id, indents.industryId))
        .innerJoin(rfqLanes, eq(rfqLanes.id, indents.laneId))
        .where(listWhere(carrierId, q)),
    ),
  );
}

/** The carrier's latest turn on one indent. */
export function carrierTurnStatement(db: DbOrTx, carrierId: number, indentId: number) {
  return base(db)
    .where(and(carrierTurns(carrierId), eq(a.indentId, indentId)))
    .orderBy(desc(a.seq))
    .limit(1);
}

export async function carrierTurn(db: DbOrTx, carrierId: number, indentId: number): Promise<CarrierTurnRow[]> {
  return carrierTurnStatement(db, carrierId, indentId);
}

/** The orders the turns made, in order. */
export async function ordersOfTurns(db: DbOrTx, allocationIds: number[]) {
  return db
    .select({
      id: orders.id,
      number: orders.number,
      status: orders.status,
      requestType: orders.requestType,
      turn: orders.indentAllocationId,
    })
    .from(orders)
    .where(inArray(orders.indentAllocationId, allocationIds))
    .orderBy(asc(orders.id));
}

/** The carrier's My Carriers links (with any shipper): whose turns it may answer. */
export async function linksOfCarrier(db: DbOrTx, carrierId: number): Promise<number[]> {
  const rows = await db
    .select({ id: industryCarriers.id })
    .from(industryCarriers)
    .where(and(eq(industryCarriers.carrierId, carrierId), eq(industryCarriers.status, 'active')));
  return rows.map((r) => r.id);
}
