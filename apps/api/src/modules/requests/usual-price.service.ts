import type { PriceBand, UsualPriceQuery } from '@freightdesk/shared/schemas/usual-price';
import { type LatLng, type PastOrder, roadKm, usualPrice } from '@freightdesk/shared/usual-price';
import type { Db } from '../../db/client.ts';
import { badRequest, notFound } from '../../lib/errors.ts';
import type { Viewer } from '../../lib/policy.ts';
import type { RequestActor } from '../../repositories/request-rows.repository.ts';
import {
  addressLatLngs,
  carrierLane,
  type LaneKey,
  laneOrderRows,
  plantLatLng,
  stopLatLngs,
} from '../../repositories/usual-price.repository.ts';

async function plantPoint(db: Db, actor: RequestActor, plantId: number): Promise<LatLng> {
  const plant = await plantLatLng(db, actor, plantId);
  if (!plant) {
    throw badRequest('plantId', 'Choose one of your plants.');
  }
  return plant;
}

async function dropoffPoints(db: Db, industryId: number, list: NonNullable<UsualPriceQuery['dropoffs']>): Promise<LatLng[]> {
  const addresses = await addressLatLngs(
    db,
    industryId,
    'client',
    list.filter((d) => d.kind === 'address').map((d) => d.id),
  );
  const stopMap = await stopLatLngs(
    db,
    industryId,
    list.filter((d) => d.kind === 'stop').map((d) => d.id),
  );
  return list.map((d) => {
    const point = d.kind === 'address' ? addresses.get(d.id) : stopMap.get(d.id);
    if (!point) {
      throw badRequest('dropoffs', 'Choose addresses of your own clients or your own locations.');
    }
    return point;
  });
}

/**
 * Past orders of the shipper on the same lane: the same plant and vehicle type, and the same
 * drop-offs in the same order (outbound) or the same vendor address (inbound); the load is matched
 * by the shared rule. Offline orders carry no drop-off, so they cannot be placed on a lane.
 * Rejected and cancelled orders do not count.
 */
async function laneOrders(db: Db, key: LaneKey): Promise<PastOrder[]> {
  const rows = await laneOrderRows(db, key);
  return rows.map((o) => ({
    priceRupees: Number(o.paise) / 100,
    basis: o.basis === 'tonne' ? 'tonne' : 'trip',
    tonnesPerVehicle: Number(o.weight) / Math.max(1, Number(o.vehicles)),
  }));
}

/**
 * The usual price of the lane a shipper is filling in: its own orders' median when there are enough,
 * else the distance band. Null while the lane is not known yet (no drop-off, no vendor address).
 */
export async function shipperUsualPrice(db: Db, actor: RequestActor, requestType: 1 | 2, q: UsualPriceQuery): Promise<PriceBand | null> {
  const plant = await plantPoint(db, actor, q.plantId);
  let route: LatLng[];
  if (requestType === 1) {
    route = q.dropoffs?.length ? [plant, ...(await dropoffPoints(db, actor.industryId, q.dropoffs))] : [];
  } else {
    const pickup = q.pickupAddressId
      ? (await addressLatLngs(db, actor.industryId, 'vendor', [q.pickupAddressId])).get(q.pickupAddressId)
      : undefined;
    if (q.pickupAddressId && !pickup) {
      throw badRequest('pickupAddressId', 'Choose an address of your own vendors.');
    }
    route = pickup ? [pickup, plant] : [];
  }
  if (!route.length) {
    return null;
  }
  const lane = { roadKm: roadKm(route), tonnesPerVehicle: q.weightTonnes / q.vehicleCount, basis: q.priceBasis };
  const key: LaneKey = {
    industryId: actor.industryId,
    requestType,
    plantId: q.plantId,
    vehicleTypeId: q.vehicleTypeId,
    dropoffs: (q.dropoffs ?? []).map((d) => `${d.kind === 'address' ? 'a' : 's'}${d.id}`).join(','),
    pickupAddressId: q.pickupAddressId ?? null,
  };
  return usualPrice(await laneOrders(db, key), lane) ?? null;
}

/**
 * The band an invited carrier's bid is checked against: the same rule as the shipper's, over the
 * past orders of this request's shipper on this request's lane (never another shipper's prices,
 * never another lane's), else the distance band. Only a carrier who may read the request (invited
 * to it, not a draft) is answered; anyone else gets 404.
 */
export async function carrierUsualPrice(db: Db, viewer: Viewer, requestId: number): Promise<PriceBand | null> {
  const row = await carrierLane(db, viewer, requestId);
  if (!row) {
    throw notFound('Request');
  }
  const route = row.requestType === 2 ? (row.pickup ? [row.pickup, row.plant] : []) : [row.plant, ...row.dropoffs];
  if (route.length < 2) {
    return null;
  }
  const basis = row.basis === 'tonne' ? 'tonne' : 'trip';
  const lane = { roadKm: roadKm(route), tonnesPerVehicle: Number(row.weight) / Math.max(1, row.vehicles), basis } as const;
  const key: LaneKey = {
    industryId: row.industryId,
    requestType: row.requestType === 2 ? 2 : 1,
    plantId: row.plantId,
    vehicleTypeId: row.vehicleTypeId,
    dropoffs: row.dropoffKey,
    pickupAddressId: row.pickupAddressId,
    exceptRequestId: requestId,
  };
  return usualPrice(await laneOrders(db, key), lane) ?? null;
}
