import type { ListResponse } from '@freightdesk/shared/schemas/common';
import type { IndentLane } from '@freightdesk/shared/schemas/indent';
import type { DbOrTx } from '../../db/client.ts';
import { badRequest } from '../../lib/errors.ts';
import { indiaToday } from '../../lib/india-time.ts';
import type { Viewer } from '../../lib/policy.ts';
import {
  type Holder,
  holdersOf,
  type LaneQuery,
  type LaneRow,
  laneListPage,
  viewerLane,
} from '../../repositories/indent-lanes.repository.ts';

export type { Holder };

export const laneLabel = (l: { originLabel: string; destinationLabel: string }) => `${l.originLabel} → ${l.destinationLabel}`;

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
export async function listIndentLanes(db: DbOrTx, viewer: Viewer, q: LaneQuery): Promise<ListResponse<IndentLane>> {
  const { rows, total } = await laneListPage(db, viewer, q);
  const holders = await holdersOf(
    db,
    rows.map((r) => r.id),
  );
  return { data: rows.map((r) => toLane(r, holders.get(r.id) ?? [])), total, page: q.page, pageSize: q.pageSize };
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
  const lane = await viewerLane(db, viewer, laneId);
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
