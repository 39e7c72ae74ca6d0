import { and, eq, inArray, ne, notInArray, type SQL, sql } from 'drizzle-orm';
import type { PriceBand, UsualPriceQuery } from '@freightdesk/shared/schemas/usual-price';
import { type LatLng, type PastOrder, roadKm, usualPrice } from '@freightdesk/shared/usual-price';
import type { Db } from '../../db/client.ts';
import { stops } from '../../db/schema/locations.ts';
import { orders } from '../../db/schema/orders.ts';
import { parties, partyAddresses } from '../../db/schema/parties.ts';
import { plants } from '../../db/schema/plants.ts';
import { transportRequests } from '../../db/schema/requests.ts';
import { badRequest, notFound } from '../../lib/errors.ts';
import { requestsFor, staffPlantScope, type Viewer } from '../../lib/policy.ts';
import type { RequestActor } from './request-resource.ts';

const r = transportRequests;
/** The most recent orders of a lane that count: prices older than that say little about today's. */
const HISTORY_LIMIT = 50;

async function plantPoint(db: Db, actor: RequestActor, plantId: number): Promise<LatLng> {
  const [plant] = await db
    .select({ latitude: plants.latitude, longitude: plants.longitude })
    .from(plants)
    .where(and(eq(plants.id, plantId), eq(plants.industryId, actor.industryId), actor.staff && staffPlantScope(actor.staff, plants.id)));
  if (!plant) {
    throw badRequest('plantId', 'Choose one of your plants.');
  }
  return plant;
}

/** Coordinates of the shipper's own party addresses of one kind, by id. */
async function addressPoints(db: Db, industryId: number, kind: 'client' | 'vendor', ids: number[]) {
  if (!ids.length) {
    return new Map<number, LatLng>();
  }
  const rows = await db
    .select({ id: partyAddresses.id, latitude: partyAddresses.latitude, longitude: partyAddresses.longitude })
    .from(partyAddresses)
    .innerJoin(parties, eq(parties.id, partyAddresses.partyId))
    .where(and(inArray(partyAddresses.id, ids), eq(parties.industryId, industryId), eq(parties.kind, kind)));
  return new Map(rows.map((row) => [row.id, row]));
}

async function dropoffPoints(db: Db, industryId: number, list: NonNullable<UsualPriceQuery['dropoffs']>): Promise<LatLng[]> {
  const addresses = await addressPoints(
    db,
    industryId,
    'client',
    list.filter((d) => d.kind === 'address').map((d) => d.id),
  );
  const stopIds = list.filter((d) => d.kind === 'stop').map((d) => d.id);
  const stopRows = stopIds.length
    ? await db
        .select({ id: stops.id, latitude: stops.latitude, longitude: stops.longitude })
        .from(stops)
        .where(and(inArray(stops.id, stopIds), eq(stops.industryId, industryId)))
    : [];
  const stopMap = new Map(stopRows.map((row) => [row.id, row]));
  return list.map((d) => {
    const point = d.kind === 'address' ? addresses.get(d.id) : stopMap.get(d.id);
    if (!point) {
      throw badRequest('dropoffs', 'Choose addresses of your own clients or your own locations.');
    }
    return point;
  });
}

/** A lane as its past orders are found: the shipper, direction, plant, vehicle type and the far end. */
type LaneKey = {
  industryId: number;
  requestType: 1 | 2;
  plantId: number;
  vehicleTypeId: number;
  /** Outbound: the drop-offs in order as `a12,s3`; inbound: the vendor address. */
  dropoffs: string;
  pickupAddressId: number | null;
  /** The request being bid on: its own order (if any) is not its history. */
  exceptRequestId?: number;
};

/** A request's drop-offs in order as `a12,s3` (client address 12, location 3). */
const dropoffKey = (requestId: SQL | typeof r.id) =>
  sql<string>`coalesce((select string_agg(case when d.address_id is not null then 'a' || d.address_id else 's' || d.stop_id end, ',' order by d.seq)
    from request_dropoffs d where d.request_id = ${requestId}), '')`;

/**
 * Past orders of the shipper on the same lane: the same plant and vehicle type, and the same
 * drop-offs in the same order (outbound) or the same vendor address (inbound); the load is matched
 * by the shared rule. Offline orders carry no drop-off, so they cannot be placed on a lane.
 * Rejected and cancelled orders do not count.
 */
async function laneOrders(db: Db, key: LaneKey): Promise<PastOrder[]> {
  const lane = key.requestType === 1 ? sql`${dropoffKey(r.id)} = ${key.dropoffs}` : eq(r.pickupAddressId, key.pickupAddressId ?? 0);
  const rows = await db
    .select({ paise: orders.pricePaise, basis: orders.priceBasis, weight: r.weightTonnes, vehicles: r.vehicleCount })
    .from(orders)
    .innerJoin(r, eq(r.id, orders.requestId))
    .where(
      and(
        eq(orders.industryId, key.industryId),
        eq(orders.requestType, key.requestType),
        eq(orders.source, 'request'),
        eq(orders.plantId, key.plantId),
        eq(orders.vehicleTypeId, key.vehicleTypeId),
        notInArray(orders.status, ['rejected', 'cancelled']),
        key.exceptRequestId ? ne(r.id, key.exceptRequestId) : undefined,
        lane,
      ),
    )
    .orderBy(sql`${orders.id} desc`)
    .limit(HISTORY_LIMIT);
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
      ? (await addressPoints(db, actor.industryId, 'vendor', [q.pickupAddressId])).get(q.pickupAddressId)
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
  const [row] = await db
    .select({
      plant: sql<LatLng>`json_build_object('latitude', ${plants.latitude}, 'longitude', ${plants.longitude})`,
      pickup: sql<LatLng | null>`(select json_build_object('latitude', a.latitude, 'longitude', a.longitude) from party_addresses a where a.id = ${r.pickupAddressId})`,
      dropoffs: sql<
        LatLng[]
      >`coalesce((select json_agg(json_build_object('latitude', coalesce(a.latitude, s.latitude), 'longitude', coalesce(a.longitude, s.longitude)) order by d.seq)
        from request_dropoffs d left join party_addresses a on a.id = d.address_id left join stops s on s.id = d.stop_id where d.request_id = ${r.id}), '[]'::json)`,
      requestType: r.requestType,
      industryId: r.industryId,
      plantId: r.plantId,
      vehicleTypeId: r.vehicleTypeId,
      pickupAddressId: r.pickupAddressId,
      dropoffKey: dropoffKey(r.id),
      weight: r.weightTonnes,
      vehicles: r.vehicleCount,
      basis: r.priceBasis,
    })
    .from(r)
    .innerJoin(plants, eq(plants.id, r.plantId))
    .where(and(eq(r.id, requestId), requestsFor(viewer, 'read') ?? sql`false`));
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
