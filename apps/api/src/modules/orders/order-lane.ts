import type { DbOrTx } from '../../db/client.ts';
import { badRequest } from '../../lib/errors.ts';
import {
  addressPoints,
  type LanePoint,
  plantPoint as plantPlace,
  requestDropoffRows,
  stopPoints,
} from '../../repositories/order-lane.repository.ts';

export { type LanePoint, readLane, writeLane } from '../../repositories/order-lane.repository.ts';

type LaneInput = {
  industryId: number;
  direction: 1 | 2;
  plantId: number;
  /** Inbound: the vendor address loaded at. */
  pickupAddressId: number | null;
  /** Outbound: client addresses or locations unloaded at, in order. */
  dropoffs: { addressId?: number | null; stopId?: number | null }[];
};

/** The shipper's plant as a place of the lane; 400 when it is not the shipper's. */
async function plantPoint(tx: DbOrTx, industryId: number, plantId: number, kind: LanePoint['kind']): Promise<LanePoint> {
  const point = await plantPlace(tx, industryId, plantId, kind);
  if (!point) {
    throw badRequest('plantId', 'Choose one of your plants.');
  }
  return point;
}

/**
 * The lane of an order: outbound the plant, then each drop-off in order; inbound the vendor
 * address, then the plant. Every reference must be the shipper's own (400 naming the field).
 */
export async function buildLane(tx: DbOrTx, input: LaneInput): Promise<LanePoint[]> {
  const { industryId, plantId } = input;
  if (input.direction === 2) {
    const pickup = input.pickupAddressId
      ? (await addressPoints(tx, industryId, 'vendor', [input.pickupAddressId])).get(input.pickupAddressId)
      : undefined;
    if (input.pickupAddressId && !pickup) {
      throw badRequest('pickupAddressId', 'Choose an address of your own vendors.');
    }
    return [...(pickup ? [pickup] : []), await plantPoint(tx, industryId, plantId, 'drop')];
  }
  const addressIds = input.dropoffs.flatMap((d) => (d.addressId ? [d.addressId] : []));
  const stopIds = input.dropoffs.flatMap((d) => (d.stopId ? [d.stopId] : []));
  const [addresses, locations] = [await addressPoints(tx, industryId, 'client', addressIds), await stopPoints(tx, industryId, stopIds)];
  const drops = input.dropoffs.map((d) => (d.addressId ? addresses.get(d.addressId) : d.stopId ? locations.get(d.stopId) : undefined));
  if (drops.some((d) => !d)) {
    throw badRequest('dropoffs', 'Choose addresses of your own clients or your own locations.');
  }
  return [await plantPoint(tx, industryId, plantId, 'pickup'), ...drops.flatMap((d) => (d ? [d] : []))];
}

/**
 * A lane of any of the shipper's places (an RFQ lane's ends, whatever their kinds): the first is
 * loaded at, the rest unloaded at. A place that is no longer the shipper's is a 400 on `field`.
 */
export async function placeLane(
  tx: DbOrTx,
  industryId: number,
  places: { kind: 'plant' | 'stop' | 'address'; id: number }[],
  field: string,
): Promise<LanePoint[]> {
  const points: LanePoint[] = [];
  for (const [i, place] of places.entries()) {
    const role = i === 0 ? 'pickup' : 'drop';
    const point =
      place.kind === 'plant'
        ? await plantPoint(tx, industryId, place.id, role)
        : (place.kind === 'stop'
            ? await stopPoints(tx, industryId, [place.id])
            : await addressPoints(tx, industryId, null, [place.id])
          ).get(place.id);
    if (!point) {
      throw badRequest(field, 'A place of this lane is no longer among your addresses or locations.');
    }
    points.push({ ...point, kind: role });
  }
  return points;
}

/** The lane of a request, as its orders copy it. */
export async function requestLane(
  tx: DbOrTx,
  request: { id: number; industryId: number; requestType: number; plantId: number; pickupAddressId: number | null },
): Promise<LanePoint[]> {
  const dropoffs = await requestDropoffRows(tx, request.id);
  return buildLane(tx, {
    industryId: request.industryId,
    direction: request.requestType === 2 ? 2 : 1,
    plantId: request.plantId,
    pickupAddressId: request.pickupAddressId,
    dropoffs,
  });
}
