import { randomUUID } from 'node:crypto';
import { and, asc, desc, eq, gte, inArray, lt, or, type SQL, sql } from 'drizzle-orm';
import type { ListResponse } from '@freightdesk/shared/schemas/common';
import {
  answerTimeOf,
  type IndentDetail,
  type IndentInputParsed,
  type IndentListQuery,
  type IndentSummary,
} from '@freightdesk/shared/schemas/indent';
import type { Db, DbOrTx } from '../../db/client.ts';
import { contracts, rfqLanes } from '../../db/schema/contracts.ts';
import { indentAllocations, indents } from '../../db/schema/indents.ts';
import { orders } from '../../db/schema/orders.ts';
import { plants } from '../../db/schema/plants.ts';
import { products, vehicleTypes } from '../../db/schema/settings.ts';
import { carriers, industryCarriers } from '../../db/schema/tenancy.ts';
import { writeAudit } from '../../lib/audit.ts';
import { badRequest, notFound } from '../../lib/errors.ts';
import { nextNumber } from '../../lib/numbering.ts';
import { likePattern } from '../../lib/pagination.ts';
import type { Viewer } from '../../lib/policy.ts';
import { directionOf, type Holder, laneForIndent } from './indent-lanes.ts';
import { byShareDeficit, indiaMonth } from './share-order.ts';
import { advance } from './waterfall.ts';
import { cappedPage, countUpTo } from '../../lib/list-page.ts';

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
  updatedAt: i.updatedAt,
};

const base = (db: DbOrTx) =>
  db
    .select(summaryColumns)
    .from(i)
    .innerJoin(plants, eq(plants.id, i.plantId))
    .innerJoin(rfqLanes, eq(rfqLanes.id, i.laneId))
    .innerJoin(vehicleTypes, eq(vehicleTypes.id, i.vehicleTypeId));

type SummaryRow = Awaited<ReturnType<ReturnType<typeof base>['execute']>>[number];

const toSummary = (r: SummaryRow): IndentSummary => ({
  id: r.id,
  number: r.number,
  batchId: r.batchId,
  status: r.status,
  plantId: r.plantId,
  plantName: r.plantName,
  laneId: r.laneId,
  laneLabel: `${r.originLabel} → ${r.destinationLabel}`,
  requestType: r.requestType === 2 ? 2 : 1,
  vehicleTypeName: r.vehicleTypeName,
  vehicles: r.vehicles,
  acceptedVehicles: r.acceptedVehicles,
  spotVehicles: r.spotVehicles,
  reportingAt: r.reportingAt.toISOString(),
  currentCarrierName: r.currentCarrierName,
  answerBy: r.answerBy ? new Date(r.answerBy).toISOString() : null,
  updatedAt: r.updatedAt.toISOString(),
});

/** Indents in scope, newest first; by status, contract (its carrier was asked on it), plant; searched by number or lane. */
export async function listIndents(db: DbOrTx, scope: SQL, q: IndentListQuery): Promise<ListResponse<IndentSummary>> {
  const pattern = q.search ? likePattern(q.search) : undefined;
  const where = and(
    scope,
    q.status ? eq(i.status, q.status) : undefined,
    q.plantId ? eq(i.plantId, q.plantId) : undefined,
    q.contractId
      ? sql`exists (select 1 from indent_allocations a where a.indent_id = ${i.id} and a.contract_id = ${q.contractId})`
      : undefined,
    pattern
      ? or(
          sql`${i.number} ilike ${pattern}`,
          sql`${rfqLanes.originLabel} ilike ${pattern}`,
          sql`${rfqLanes.destinationLabel} ilike ${pattern}`,
        )
      : undefined,
  );
  // The shared list machinery: the page, then a count only when the page cannot tell it (capped).
  const page = await cappedPage(
    q,
    (limit, offset) => base(db).where(where).orderBy(desc(i.id)).limit(limit).offset(offset),
    countUpTo(db, db.select({ id: i.id }).from(i).innerJoin(rfqLanes, eq(rfqLanes.id, i.laneId)).where(where)),
  );
  return { ...page, data: page.data.map(toSummary) };
}

/** One indent in scope with its waterfall and its orders (404 outside the scope). */
export async function indentDetail(db: DbOrTx, id: number, scope: SQL): Promise<IndentDetail> {
  const [row] = await base(db).where(and(eq(i.id, id), scope));
  if (!row) {
    throw notFound('Indent');
  }
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
  const indent = extra?.indent;
  const iso = (d: Date | null) => d?.toISOString() ?? null;
  return {
    ...toSummary(row),
    productId: indent?.productId ?? null,
    productName: extra?.productName ?? null,
    weightTonnes: indent?.weightTonnes ?? null,
    remarks: indent?.remarks ?? null,
    answerMinutes: indent?.answerMinutes ?? 0,
    cancelReason: indent?.cancelReason ?? null,
    spotRequestId: indent?.spotRequestId ?? null,
    allocations: turns.map(({ a, carrierName, contractNumber }) => ({
      id: a.id,
      seq: a.seq,
      carrierLinkId: a.industryCarrierId,
      carrierName,
      contractId: a.contractId,
      contractNumber,
      rateRupees: a.ratePaise / 100,
      role: a.role,
      status: a.status,
      vehiclesAsked: a.vehiclesAsked,
      vehiclesAccepted: a.vehiclesAccepted,
      offeredAt: iso(a.offeredAt),
      deadlineAt: iso(a.deadlineAt),
      answeredAt: iso(answerTimeOf(a.status, a.answeredAt)),
      reason: a.reason,
    })),
    orders: made.map(({ pricePaise, ...o }) => ({ ...o, priceRupees: pricePaise / 100 })),
  };
}

/** Vehicles each holder took on this lane in the India-time month of `at` (what the shares are measured on). */
async function takenThisMonth(tx: DbOrTx, laneId: number, at: Date): Promise<Map<number, number>> {
  const { from, to } = indiaMonth(at);
  const rows = await tx
    .select({ link: indentAllocations.industryCarrierId, n: sql<number>`sum(${indentAllocations.vehiclesAccepted})::int` })
    .from(indentAllocations)
    .innerJoin(i, eq(i.id, indentAllocations.indentId))
    .where(and(eq(i.laneId, laneId), gte(i.reportingAt, from), lt(i.reportingAt, to)))
    .groupBy(indentAllocations.industryCarrierId);
  return new Map(rows.map((r) => [r.link, Number(r.n)]));
}

/** The shipper's active My Carriers links among `ids`; 400 on `field` naming what is not. */
export async function checkBackups(tx: DbOrTx, industryId: number, ids: number[], field: string): Promise<void> {
  if (!ids.length) {
    return;
  }
  const found = await tx
    .select({ id: industryCarriers.id })
    .from(industryCarriers)
    .where(and(eq(industryCarriers.industryId, industryId), inArray(industryCarriers.id, ids), eq(industryCarriers.status, 'active')));
  if (found.length !== ids.length) {
    throw badRequest(field, 'Choose backup carriers from your active My Carriers.');
  }
}

/** The carriers an indent asks, in order: the primary, then the chosen backups or else the lane's other holders. */
async function waterfallOf(tx: DbOrTx, industryId: number, line: IndentInputParsed, holders: Holder[], field: string) {
  const held = new Map(holders.map((h) => [h.carrierLinkId, h]));
  let primary: number | undefined = line.primaryCarrierLinkId ?? undefined;
  const taken = await takenThisMonth(tx, line.laneId, line.reportingAt);
  const ranked = byShareDeficit(
    holders.map((h) => ({ carrierLinkId: h.carrierLinkId, sharePct: h.sharePct, taken: taken.get(h.carrierLinkId) ?? 0 })),
    line.vehicles,
  );
  if (primary !== undefined && !held.has(primary)) {
    throw badRequest(`${field}primaryCarrierLinkId`, "Choose a carrier holding this lane's contract, or leave it to the shares.");
  }
  primary ??= ranked[0] ?? 0;
  if (line.backupCarrierLinkIds.includes(primary)) {
    throw badRequest(`${field}backupCarrierLinkIds`, 'The primary carrier is asked first; it cannot also be a backup.');
  }
  await checkBackups(tx, industryId, line.backupCarrierLinkIds, `${field}backupCarrierLinkIds`);
  const backups = line.backupCarrierLinkIds.length ? line.backupCarrierLinkIds : ranked.filter((id) => id !== primary);
  return { primary: held.get(primary) as Holder, backups: backups.map((id) => ({ id, holder: held.get(id) })) };
}

/**
 * Places one indent or a batch (all or nothing): each on a lane an active contract of the shipper
 * holds, reporting in the future within a contract's period; its waterfall made; the first
 * carrier asked. Field errors name the line (`indents.2.reportingAt`).
 */
export async function createIndents(db: Db, viewer: Viewer, industryId: number, lines: IndentInputParsed[], now = new Date()) {
  const ids = await db.transaction(async (tx) => {
    const batchId = randomUUID();
    const made: number[] = [];
    for (const [n, line] of lines.entries()) {
      const field = lines.length > 1 ? `indents.${n}.` : '';
      if (line.reportingAt <= now) {
        throw badRequest(`${field}reportingAt`, 'Reporting date and time is in the past. Choose a later date and time.');
      }
      const { lane, holders } = await laneForIndent(tx, viewer, line.laneId, line.reportingAt, field);
      if (line.productId) {
        const [p] = await tx
          .select({ id: products.id })
          .from(products)
          .where(and(eq(products.id, line.productId), eq(products.industryId, industryId)));
        if (!p) {
          throw badRequest(`${field}productId`, 'Choose one of your products.');
        }
      }
      const { primary, backups } = await waterfallOf(tx, industryId, line, holders, field);
      const [row] = await tx
        .insert(i)
        .values({
          industryId,
          number: await nextNumber(tx, industryId, 'IND', now),
          batchId,
          plantId: lane.plantId,
          laneId: lane.id,
          requestType: directionOf(lane),
          vehicleTypeId: lane.vehicleTypeId,
          vehicles: line.vehicles,
          reportingAt: line.reportingAt,
          productId: line.productId ?? lane.productId,
          weightTonnes: line.weightTonnes ?? lane.weightTonnes,
          remarks: line.remarks ?? null,
          answerMinutes: line.answerMinutes,
          ratePaise: primary.ratePaise,
          createdBy: viewer.id,
        })
        .returning();
      if (!row) {
        throw new Error('indent insert returned nothing');
      }
      await tx.insert(indentAllocations).values([
        {
          indentId: row.id,
          seq: 1,
          industryCarrierId: primary.carrierLinkId,
          contractId: primary.contractId,
          ratePaise: primary.ratePaise,
          role: 'primary',
        },
        ...backups.map((b, k) => ({
          indentId: row.id,
          seq: k + 2,
          industryCarrierId: b.id,
          contractId: b.holder?.contractId ?? null,
          ratePaise: b.holder?.ratePaise ?? primary.ratePaise,
          role: 'backup' as const,
        })),
      ]);
      await writeAudit(tx, { industryId, actorUserId: viewer.id, entity: 'indent', entityId: row.id, action: 'create', to: { ...line } });
      await advance(tx, row, now);
      made.push(row.id);
    }
    return made;
  });
  const rows = await base(db).where(inArray(i.id, ids)).orderBy(asc(i.id));
  return rows.map(toSummary);
}
