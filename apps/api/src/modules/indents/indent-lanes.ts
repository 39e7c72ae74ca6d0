import { and, asc, count, eq, inArray, or, type SQL, sql } from 'drizzle-orm';
import type { ListResponse } from '@freightdesk/shared/schemas/common';
import type { IndentLane } from '@freightdesk/shared/schemas/indent';
import type { DbOrTx } from '../../db/client.ts';
import { contractLanes, contracts, rfqLanes, rfqs } from '../../db/schema/contracts.ts';
import { plants } from '../../db/schema/plants.ts';
import { vehicleTypes } from '../../db/schema/settings.ts';
import { carriers, industryCarriers } from '../../db/schema/tenancy.ts';
import { badRequest } from '../../lib/errors.ts';
import { likePattern, pageWindow } from '../../lib/pagination.ts';
import { staffPlantScope, type Viewer } from '../../lib/policy.ts';
import { indiaToday } from '../../lib/india-time.ts';

/** A lane is contracted while an active contract holds it. */
const held = sql`exists (select 1 from contract_lanes cl join contracts c on c.id = cl.contract_id
  where cl.rfq_lane_id = ${rfqLanes.id} and c.status = 'active')`;

/** The RFQ lanes of the viewer's shipper (its plants, for staff) — where an indent may go. */
export const laneScope = (viewer: Viewer): SQL =>
  and(eq(rfqs.industryId, viewer.industryId ?? 0), staffPlantScope(viewer, rfqs.plantId)) as SQL;

const laneColumns = {
  id: rfqLanes.id,
  originKind: rfqLanes.originKind,
  originId: rfqLanes.originId,
  originLabel: rfqLanes.originLabel,
  destinationKind: rfqLanes.destinationKind,
  destinationId: rfqLanes.destinationId,
  destinationLabel: rfqLanes.destinationLabel,
  plantId: rfqs.plantId,
  plantName: plants.name,
  vehicleTypeId: rfqLanes.vehicleTypeId,
  vehicleTypeName: vehicleTypes.name,
  productId: rfqLanes.productId,
  weightTonnes: rfqLanes.weightTonnes,
  rfqHideMaterial: rfqs.hideMaterial,
};

const lanes = (db: DbOrTx) =>
  db
    .select(laneColumns)
    .from(rfqLanes)
    .innerJoin(rfqs, eq(rfqs.id, rfqLanes.rfqId))
    .innerJoin(plants, eq(plants.id, rfqs.plantId))
    .innerJoin(vehicleTypes, eq(vehicleTypes.id, rfqLanes.vehicleTypeId));
type LaneRow = Awaited<ReturnType<ReturnType<typeof lanes>['execute']>>[number];

export const laneLabel = (l: { originLabel: string; destinationLabel: string }) => `${l.originLabel} → ${l.destinationLabel}`;

export type Holder = IndentLane['carriers'][number] & { ratePaise: number; validFrom: string; validTo: string };

/** The active contracts holding these lanes, largest share first. */
export async function holdersOf(db: DbOrTx, laneIds: number[]): Promise<Map<number, Holder[]>> {
  const map = new Map<number, Holder[]>(laneIds.map((id) => [id, []]));
  if (!laneIds.length) {
    return map;
  }
  const rows = await db
    .select({
      laneId: contractLanes.rfqLaneId,
      carrierLinkId: contracts.industryCarrierId,
      carrierName: carriers.name,
      contractId: contracts.id,
      contractNumber: contracts.number,
      sharePct: contractLanes.sharePct,
      ratePaise: contractLanes.ratePaise,
      validFrom: contracts.validFrom,
      validTo: contracts.validTo,
    })
    .from(contractLanes)
    .innerJoin(contracts, eq(contracts.id, contractLanes.contractId))
    .innerJoin(industryCarriers, eq(industryCarriers.id, contracts.industryCarrierId))
    .innerJoin(carriers, eq(carriers.id, industryCarriers.carrierId))
    .where(and(inArray(contractLanes.rfqLaneId, laneIds), eq(contracts.status, 'active')))
    .orderBy(asc(contractLanes.rfqLaneId), sql`${contractLanes.sharePct} desc`, asc(contracts.id));
  for (const r of rows) {
    map.get(r.laneId)?.push({ ...r, rateRupees: r.ratePaise / 100 });
  }
  return map;
}

const toLane = (l: LaneRow, holders: Holder[]): IndentLane => ({
  id: l.id,
  label: laneLabel(l),
  plantId: l.plantId,
  plantName: l.plantName,
  vehicleTypeId: l.vehicleTypeId,
  vehicleTypeName: l.vehicleTypeName,
  productId: l.productId,
  weightTonnes: l.weightTonnes,
  carriers: holders.map(({ carrierLinkId, carrierName, contractId, contractNumber, sharePct, rateRupees }) => ({
    carrierLinkId,
    carrierName,
    contractId,
    contractNumber,
    sharePct,
    rateRupees,
  })),
});

/** The contracted lanes picker: searched by either end or the plant, paginated. */
export async function listIndentLanes(
  db: DbOrTx,
  viewer: Viewer,
  q: { search?: string; plantId?: number; page: number; pageSize: 25 | 50 | 100 },
): Promise<ListResponse<IndentLane>> {
  const pattern = q.search ? likePattern(q.search) : undefined;
  const where = and(
    laneScope(viewer),
    held,
    q.plantId ? eq(rfqs.plantId, q.plantId) : undefined,
    pattern
      ? or(
          sql`${rfqLanes.originLabel} ilike ${pattern}`,
          sql`${rfqLanes.destinationLabel} ilike ${pattern}`,
          sql`${plants.name} ilike ${pattern}`,
        )
      : undefined,
  );
  const { limit, offset } = pageWindow(q);
  const [rows, [total]] = await Promise.all([
    lanes(db).where(where).orderBy(asc(rfqLanes.originLabel), asc(rfqLanes.destinationLabel), asc(rfqLanes.id)).limit(limit).offset(offset),
    db
      .select({ n: count() })
      .from(rfqLanes)
      .innerJoin(rfqs, eq(rfqs.id, rfqLanes.rfqId))
      .innerJoin(plants, eq(plants.id, rfqs.plantId))
      .where(where),
  ]);
  const holders = await holdersOf(
    db,
    rows.map((r) => r.id),
  );
  return { data: rows.map((r) => toLane(r, holders.get(r.id) ?? [])), total: total?.n ?? 0, page: q.page, pageSize: q.pageSize };
}

/** The India-time day of a moment (YYYY-MM-DD), to compare with a contract's validity. */

/**
 * The lane an indent goes on, for the viewer, with the contracts valid on the reporting day.
 * 400 on `laneId` when it is not the viewer's contracted lane; on `reportingAt` when no contract
 * of the lane covers that day. `field` prefixes the names (a batch line: `indents.2.`).
 */
export async function laneForIndent(
  db: DbOrTx,
  viewer: Viewer,
  laneId: number,
  reportingAt: Date,
  field = '',
): Promise<{ lane: LaneRow; holders: Holder[] }> {
  const [lane] = await lanes(db).where(and(eq(rfqLanes.id, laneId), laneScope(viewer), held));
  if (!lane) {
    throw badRequest(`${field}laneId`, 'Choose a lane one of your active contracts holds.');
  }
  const day = indiaToday(reportingAt);
  const all = (await holdersOf(db, [laneId])).get(laneId) ?? [];
  const holders = all.filter((h) => h.validFrom <= day && day <= h.validTo);
  if (!holders.length) {
    const spans = all.map((h) => `${h.validFrom} to ${h.validTo}`).join(', ');
    throw badRequest(`${field}reportingAt`, `No contract of this lane runs on ${day} (contracts run ${spans}).`);
  }
  return { lane, holders };
}

/** The direction of the lane's orders: outbound (1) unless only its destination is a plant (inbound, 2). */
export const directionOf = (lane: { originKind: string; destinationKind: string }): 1 | 2 =>
  lane.originKind !== 'plant' && lane.destinationKind === 'plant' ? 2 : 1;
