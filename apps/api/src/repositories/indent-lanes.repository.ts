import { and, asc, count, eq, inArray, or, sql } from 'drizzle-orm';
import type { IndentLane } from '@freightdesk/shared/schemas/indent';
import type { DbOrTx } from '../db/client.ts';
import { contractLanes, contracts, rfqLanes, rfqs } from '../db/schema/contracts.ts';
import { plants } from '../db/schema/plants.ts';
import { vehicleTypes } from '../db/schema/settings.ts';
import { carriers, industryCarriers } from '../db/schema/tenancy.ts';
import { likePattern, pageWindow } from './common/pagination.ts';
import { shipperRfqScope, type Viewer } from '../lib/policy.ts';

/**
 * The contracted lanes an indent may go on (RFQ lanes an active contract holds), read as a viewer:
 * the shipper's own, a staff user's plants only (the policy's shipperRfqScope); and the contracts holding them.
 */

/** A lane is contracted while an active contract holds it. */
const held = sql`exists (select 1 from contract_lanes cl join contracts c on c.id = cl.contract_id
  where cl.rfq_lane_id = ${rfqLanes.id} and c.status = 'active')`;

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
export type LaneRow = Awaited<ReturnType<ReturnType<typeof lanes>['execute']>>[number];

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

export type LaneQuery = { search?: string; plantId?: number; page: number; pageSize: 25 | 50 | 100 };

/** The viewer's contracted lanes matching the picker's search and plant. */
function laneListWhere(viewer: Viewer, q: LaneQuery) {
  const pattern = q.search ? likePattern(q.search) : undefined;
  return and(
    shipperRfqScope(viewer),
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
}

/** A page of the viewer's contracted lanes, by origin and destination. */
export function laneListStatement(db: DbOrTx, viewer: Viewer, q: LaneQuery) {
  const { limit, offset } = pageWindow(q);
  return lanes(db)
    .where(laneListWhere(viewer, q))
    .orderBy(asc(rfqLanes.originLabel), asc(rfqLanes.destinationLabel), asc(rfqLanes.id))
    .limit(limit)
    .offset(offset);
}

/** The page of lanes and the count of all that match. */
export async function laneListPage(db: DbOrTx, viewer: Viewer, q: LaneQuery): Promise<{ rows: LaneRow[]; total: number }> {
  const [rows, [total]] = await Promise.all([
    laneListStatement(db, viewer, q),
    db
      .select({ n: count() })
      .from(rfqLanes)
      .innerJoin(rfqs, eq(rfqs.id, rfqLanes.rfqId))
      .innerJoin(plants, eq(plants.id, rfqs.plantId))
      .where(laneListWhere(viewer, q)),
  ]);
  return { rows, total: total?.n ?? 0 };
}

/** One of the viewer's contracted lanes. */
export function viewerLaneStatement(db: DbOrTx, viewer: Viewer, laneId: number) {
  return lanes(db).where(and(eq(rfqLanes.id, laneId), shipperRfqScope(viewer), held));
}

export async function viewerLane(db: DbOrTx, viewer: Viewer, laneId: number): Promise<LaneRow | undefined> {
  const [lane] = await viewerLaneStatement(db, viewer, laneId);
  return lane;
}
