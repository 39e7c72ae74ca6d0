import { and, asc, desc, eq, or, type SQL, sql } from 'drizzle-orm';
import type { ListResponse } from '@freightdesk/shared/schemas/common';
import type { RfqDetail, RfqInputParsed, RfqListQuery, RfqStatus, RfqSummary } from '@freightdesk/shared/schemas/rfq';
import type { Db, DbOrTx } from '../../db/client.ts';
import { rfqInvites, rfqLanes, rfqRounds, rfqs } from '../../db/schema/contracts.ts';
import { plants } from '../../db/schema/plants.ts';
import { products, vehicleTypes } from '../../db/schema/settings.ts';
import { carriers, industryCarriers } from '../../db/schema/tenancy.ts';
import { AppError, notFound } from '../../lib/errors.ts';
import { checkInput } from './rfq-input.ts';
import { nextNumber } from '../../lib/numbering.ts';
import { cappedPage, countUpTo } from '../../lib/list-page.ts';
import { likePattern } from '../../lib/pagination.ts';

const rupees = (paise: number | null) => (paise === null ? null : paise / 100);
const paise = (rupeesValue: number | null | undefined) =>
  rupeesValue === null || rupeesValue === undefined ? null : Math.round(rupeesValue * 100);
const iso = (d: Date | null | undefined) => (d ? d.toISOString() : null);

async function writeLanesAndInvites(tx: DbOrTx, rfqId: number, input: RfqInputParsed, labels: Map<string, string>, invited: number[]) {
  await tx.delete(rfqLanes).where(eq(rfqLanes.rfqId, rfqId));
  await tx.delete(rfqInvites).where(eq(rfqInvites.rfqId, rfqId));
  await tx.insert(rfqLanes).values(
    input.lanes.map((l, i) => ({
      rfqId,
      seq: i + 1,
      originKind: l.origin.kind,
      originId: l.origin.id,
      originLabel: labels.get(`${l.origin.kind}:${l.origin.id}`) ?? '',
      destinationKind: l.destination.kind,
      destinationId: l.destination.id,
      destinationLabel: labels.get(`${l.destination.kind}:${l.destination.id}`) ?? '',
      vehicleTypeId: l.vehicleTypeId,
      tripsPerMonth: l.tripsPerMonth,
      productId: l.productId,
      weightTonnes: l.weightTonnes,
      benchmarkPaise: paise(l.benchmarkRupees),
    })),
  );
  await tx.insert(rfqInvites).values(invited.map((industryCarrierId) => ({ rfqId, industryCarrierId })));
}

const fields = (input: RfqInputParsed) => ({
  title: input.title,
  plantId: input.plantId,
  periodFrom: input.periodFrom,
  periodTo: input.periodTo,
  hideMaterial: input.hideMaterial,
  remarks: input.remarks ?? null,
});

/** A new RFQ, as a draft: nothing reaches a carrier until its first round is opened. */
export async function createRfq(db: Db, actor: { id: number; industryId: number }, input: RfqInputParsed): Promise<RfqDetail> {
  const id = await db.transaction(async (tx) => {
    const { labels, invited } = await checkInput(tx, actor.industryId, input);
    const [row] = await tx
      .insert(rfqs)
      .values({
        ...fields(input),
        industryId: actor.industryId,
        number: await nextNumber(tx, actor.industryId, 'RFQ', new Date()),
        createdBy: actor.id,
      })
      .returning({ id: rfqs.id });
    await writeLanesAndInvites(tx, row?.id ?? 0, input, labels, invited);
    return row?.id ?? 0;
  });
  return rfqDetail(db, id, eq(rfqs.industryId, actor.industryId));
}

/** Edits a draft (lanes and invitations replaced); a published RFQ changes only through its rounds. */
export async function updateRfq(
  db: Db,
  actor: { id: number; industryId: number },
  id: number,
  scope: SQL,
  input: RfqInputParsed,
): Promise<RfqDetail> {
  await db.transaction(async (tx) => {
    const [row] = await tx
      .select({ status: rfqs.status })
      .from(rfqs)
      .where(and(eq(rfqs.id, id), scope))
      .for('update');
    if (!row) {
      throw notFound('RFQ');
    }
    if (row.status !== 'draft') {
      throw new AppError(409, 'RFQ_PUBLISHED', 'Only a draft RFQ can be edited; its quotes are already with the carriers.');
    }
    const { labels, invited } = await checkInput(tx, actor.industryId, input);
    await tx
      .update(rfqs)
      .set({ ...fields(input), updatedAt: new Date() })
      .where(eq(rfqs.id, id));
    await writeLanesAndInvites(tx, id, input, labels, invited);
  });
  return rfqDetail(db, id, scope);
}

const summaryColumns = {
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

function toSummary(r: { [K in keyof typeof summaryColumns]: unknown }): RfqSummary {
  return {
    id: r.id as number,
    number: r.number as string,
    title: r.title as string,
    status: r.status as RfqStatus,
    plantId: r.plantId as number,
    plantName: r.plantName as string,
    periodFrom: r.periodFrom as string,
    periodTo: r.periodTo as string,
    lanes: Number(r.lanes),
    carriers: Number(r.carriers),
    round: r.round as number,
    roundEndsAt: r.roundEndsAt ? new Date(r.roundEndsAt as string).toISOString() : null,
    updatedAt: (r.updatedAt as Date).toISOString(),
  };
}

/** The RFQs in scope, newest first, searched by number or title, filtered by status; paginated. */
export async function listRfqs(db: DbOrTx, scope: SQL, q: RfqListQuery): Promise<ListResponse<RfqSummary>> {
  const where = and(
    scope,
    q.status ? eq(rfqs.status, q.status) : undefined,
    q.search ? or(sql`${rfqs.number} ilike ${likePattern(q.search)}`, sql`${rfqs.title} ilike ${likePattern(q.search)}`) : undefined,
  );
  return cappedPage(
    q,
    async (limit, offset) =>
      (
        await db
          .select(summaryColumns)
          .from(rfqs)
          .innerJoin(plants, eq(plants.id, rfqs.plantId))
          .where(where)
          .orderBy(desc(rfqs.id))
          .limit(limit)
          .offset(offset)
      ).map(toSummary),
    countUpTo(
      db,
      db
        .select({ one: sql`1`.as('one') })
        .from(rfqs)
        .where(where)
        .orderBy(desc(rfqs.id))
        .$dynamic(),
    ),
  );
}

/** One RFQ in scope with its lanes, invited carriers and rounds; 404 outside the scope. */
export async function rfqDetail(db: DbOrTx, id: number, scope: SQL): Promise<RfqDetail> {
  const [row] = await db
    .select({ ...summaryColumns, hideMaterial: rfqs.hideMaterial, remarks: rfqs.remarks })
    .from(rfqs)
    .innerJoin(plants, eq(plants.id, rfqs.plantId))
    .where(and(eq(rfqs.id, id), scope));
  if (!row) {
    throw notFound('RFQ');
  }
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
  return {
    ...toSummary(row),
    hideMaterial: row.hideMaterial,
    remarks: row.remarks,
    laneList: lanes.map(({ l, vehicleTypeName, productName }) => ({
      id: l.id,
      seq: l.seq,
      origin: { kind: l.originKind, id: l.originId, label: l.originLabel },
      destination: { kind: l.destinationKind, id: l.destinationId, label: l.destinationLabel },
      vehicleTypeId: l.vehicleTypeId,
      vehicleTypeName,
      tripsPerMonth: l.tripsPerMonth,
      productId: l.productId,
      productName,
      weightTonnes: l.weightTonnes,
      benchmarkRupees: rupees(l.benchmarkPaise),
    })),
    invited,
    rounds: rounds.map((r) => ({
      number: r.number,
      startsAt: r.startsAt.toISOString(),
      endsAt: r.endsAt.toISOString(),
      closedAt: iso(r.closedAt),
      showRank: r.showRank,
      laneIds: r.laneIds,
      carrierLinkIds: r.carrierLinkIds,
    })),
  };
}
