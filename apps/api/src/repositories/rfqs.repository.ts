import { and, asc, desc, eq, or, type SQL, sql } from 'drizzle-orm';
import type { ListResponse } from '@freightdesk/shared/schemas/common';
import type { RfqListQuery } from '@freightdesk/shared/schemas/rfq';
import type { DbOrTx } from '../db/client.ts';
import { rfqInvites, rfqLanes, rfqRounds, rfqs } from '../db/schema/contracts.ts';
import { plants } from '../db/schema/plants.ts';
import { products, vehicleTypes } from '../db/schema/settings.ts';
import { carriers, industryCarriers } from '../db/schema/tenancy.ts';
import { cappedPage, countUpTo } from './common/list-page.ts';
import { likePattern } from './common/pagination.ts';
import type { Rule } from '../lib/policy-require.ts';

/**
 * The reads and writes of RFQs: lists and one RFQ within the scope the caller takes from the policy
 * (`ruleOrForbidden(viewer, 'rfq', action)`, a `Rule<'rfq'>`; decision 0277).
 */

type RfqValues = Pick<typeof rfqs.$inferInsert, 'title' | 'plantId' | 'periodFrom' | 'periodTo' | 'hideMaterial' | 'remarks'>;
type LaneValues = Omit<typeof rfqLanes.$inferInsert, 'rfqId'>;

/** Replaces the RFQ's lanes and invitations. */
export async function replaceLanesAndInvites(tx: DbOrTx, rfqId: number, lanes: LaneValues[], invited: number[]): Promise<void> {
  await tx.delete(rfqLanes).where(eq(rfqLanes.rfqId, rfqId));
  await tx.delete(rfqInvites).where(eq(rfqInvites.rfqId, rfqId));
  await tx.insert(rfqLanes).values(lanes.map((l) => ({ ...l, rfqId })));
  await tx.insert(rfqInvites).values(invited.map((industryCarrierId) => ({ rfqId, industryCarrierId })));
}

/** A new draft RFQ; its id. */
export async function insertRfq(tx: DbOrTx, values: typeof rfqs.$inferInsert): Promise<number> {
  const [row] = await tx.insert(rfqs).values(values).returning({ id: rfqs.id });
  return row?.id ?? 0;
}

/** The RFQ's status in scope, locked. */
export async function lockRfqStatus(tx: DbOrTx, id: number, scope: Rule<'rfq'>) {
  const [row] = await tx
    .select({ status: rfqs.status })
    .from(rfqs)
    .where(and(eq(rfqs.id, id), scope))
    .for('update');
  return row;
}

export async function updateRfqFields(tx: DbOrTx, id: number, values: RfqValues): Promise<void> {
  await tx
    .update(rfqs)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(rfqs.id, id));
}

export const summaryColumns = {
  id: rfqs.id,
  number: rfqs.number,
  title: rfqs.title,
  status: rfqs.status,
  plantId: rfqs.plantId,
  plantName: plants.name,
  periodFrom: rfqs.periodFrom,
  periodTo: rfqs.periodTo,
  round: rfqs.round,
  updatedAt: rfqs.updatedAt,
  lanes: sql<number>`(select count(*)::int from rfq_lanes l where l.rfq_id = ${rfqs.id})`,
  carriers: sql<number>`(select count(*)::int from rfq_invites i where i.rfq_id = ${rfqs.id})`,
  roundEndsAt: sql<string | null>`(select max(ends_at) from rfq_rounds r where r.rfq_id = ${rfqs.id} and r.number = ${rfqs.round})`,
};

function listWhere(scope: Rule<'rfq'>, q: RfqListQuery) {
  return and(
    scope,
    q.status ? eq(rfqs.status, q.status) : undefined,
    q.search ? or(sql`${rfqs.number} ilike ${likePattern(q.search)}`, sql`${rfqs.title} ilike ${likePattern(q.search)}`) : undefined,
  );
}

/** The RFQs in scope, newest first (the page's limit and offset set by the caller). */
export function rfqListStatement(db: DbOrTx, scope: Rule<'rfq'>, q: RfqListQuery) {
  return db
    .select(summaryColumns)
    .from(rfqs)
    .innerJoin(plants, eq(plants.id, rfqs.plantId))
    .where(listWhere(scope, q))
    .orderBy(desc(rfqs.id))
    .$dynamic();
}

export type RfqSummaryRow = Awaited<ReturnType<typeof rfqListStatement>>[number];

/** A page of RFQs in scope; a count only when the page cannot tell it. */
export async function rfqListPage(db: DbOrTx, scope: Rule<'rfq'>, q: RfqListQuery): Promise<ListResponse<RfqSummaryRow>> {
  return cappedPage(
    q,
    async (limit, offset) => rfqListStatement(db, scope, q).limit(limit).offset(offset),
    countUpTo(
      db,
      db
        .select({ one: sql`1`.as('one') })
        .from(rfqs)
        .where(listWhere(scope, q))
        .orderBy(desc(rfqs.id))
        .$dynamic(),
    ),
  );
}

/** One RFQ in scope, with its material flag and remarks. */
export function rfqInScopeStatement(db: DbOrTx, id: number, scope: Rule<'rfq'>) {
  return rfqWhere(db, id, scope);
}

function rfqWhere(db: DbOrTx, id: number, condition: SQL) {
  return db
    .select({ ...summaryColumns, hideMaterial: rfqs.hideMaterial, remarks: rfqs.remarks })
    .from(rfqs)
    .innerJoin(plants, eq(plants.id, rfqs.plantId))
    .where(and(eq(rfqs.id, id), condition));
}

/** The shipper's own RFQ (the creator reading back the draft it just made, before any rule applies to it). */
export async function rfqInScope(db: DbOrTx, id: number, scope: Rule<'rfq'>) {
  const [row] = await rfqInScopeStatement(db, id, scope);
  return row;
}

/** The RFQ's lanes (with vehicle type and product), invited carriers and rounds, each in order (an RFQ already read in scope). */
export async function rfqParts(db: DbOrTx, id: number) {
  const [lanes, invited, rounds] = await Promise.all([
    db
      .select({ l: rfqLanes, vehicleTypeName: vehicleTypes.name, productName: products.name })
      .from(rfqLanes)
      .innerJoin(vehicleTypes, eq(vehicleTypes.id, rfqLanes.vehicleTypeId))
      .leftJoin(products, eq(products.id, rfqLanes.productId))
      .where(eq(rfqLanes.rfqId, id))
      .orderBy(asc(rfqLanes.seq)),
    db
      .select({ carrierLinkId: rfqInvites.industryCarrierId, name: carriers.name })
      .from(rfqInvites)
      .innerJoin(industryCarriers, eq(industryCarriers.id, rfqInvites.industryCarrierId))
      .innerJoin(carriers, eq(carriers.id, industryCarriers.carrierId))
      .where(eq(rfqInvites.rfqId, id))
      .orderBy(asc(carriers.name)),
    db.select().from(rfqRounds).where(eq(rfqRounds.rfqId, id)).orderBy(asc(rfqRounds.number)),
  ]);
  return { lanes, invited, rounds };
}
