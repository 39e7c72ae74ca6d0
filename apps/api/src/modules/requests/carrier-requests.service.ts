import type { BidPosition, BidRevision, CarrierRequest } from '@freightdesk/shared/schemas/bid';
import type { Db } from '../../db/client.ts';
import { notFound } from '../../lib/errors.ts';
import type { Viewer } from '../../lib/policy.ts';
import { type CarrierRequestRow as Row, carrierRequestRow } from '../../repositories/carrier-requests.repository.ts';
import { carrierRevisions } from '../../repositories/request-bids.repository.ts';

export { myBid, visibility } from '../../repositories/carrier-requests.repository.ts';

/** The carrier's view of one row: positions as visibility allows, product hidden when asked. */
export function toCarrierRequest(row: Row): CarrierRequest {
  const plant = `${row.plantName}, ${row.plantCity}`;
  const bid = row.myBid;
  const position: BidPosition | null = bid && {
    amountRupees: bid.amountPaise / 100,
    vehicles: bid.vehicles,
    rank: row.visibility === 'nothing' ? null : Number(bid.rank),
    lowestRupees: row.visibility === 'rank_and_lowest' ? bid.lowestPaise / 100 : null,
    bidEndAt: row.bidEndAt.toISOString(),
    revisions: bid.revisions,
  };
  const outcome = row.awarded > 0 ? 'awarded' : row.status === 'awarded' && bid ? 'regret' : 'pending';
  return {
    id: row.id,
    number: row.number,
    requestType: row.requestType,
    status: row.status,
    shipperName: row.shipperName,
    plantName: row.plantName,
    // Outbound leaves the plant for the drop-offs; inbound comes from a vendor to the plant.
    pickupLabel: row.requestType === 2 ? row.pickupPlace : plant,
    dropoffLabels: row.requestType === 2 ? [plant] : row.dropLabels,
    vehicleTypeName: row.vehicleTypeName,
    // Hide-material: the product never leaves the API for carriers when the shipper hides it.
    productName: row.hideMaterial ? null : row.productName,
    weightTonnes: row.weightTonnes,
    vehicleCount: row.vehicleCount,
    pickupAt: row.pickupAt.toISOString(),
    bidStartAt: row.bidStartAt.toISOString(),
    bidEndAt: row.bidEndAt.toISOString(),
    priceBasis: row.priceBasis,
    hideMaterial: row.hideMaterial,
    remarks: row.remarks,
    myBid: position,
    minDecrementRupees: row.minDecrementPaise / 100,
    antiSnipingMinutes: row.antiSnipingMinutes,
    outcome,
    awardedVehicles: row.awarded,
  };
}

/** One invited request with the carrier's own bid revisions (404 when not invited). */
export async function carrierRequest(db: Db, carrier: Viewer, id: number): Promise<CarrierRequest & { revisions: BidRevision[] }> {
  const row = await carrierRequestRow(db, carrier, id);
  if (!row) {
    throw notFound('Request');
  }
  const revisions = await carrierRevisions(db, carrier.carrierId ?? 0, id);
  return {
    ...toCarrierRequest(row),
    revisions,
  };
}
