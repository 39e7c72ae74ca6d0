import { and, eq, inArray, ne, notInArray, type SQL, sql } from 'drizzle-orm';
import type { LatLng } from '@freightdesk/shared/usual-price';
import type { DbOrTx } from '../db/client.ts';
import { stops } from '../db/schema/locations.ts';
import { orders } from '../db/schema/orders.ts';
import { parties, partyAddresses } from '../db/schema/parties.ts';
import { plants } from '../db/schema/plants.ts';
import { transportRequests } from '../db/schema/requests.ts';
import { requestsFor, staffPlantScope, type Viewer } from '../lib/policy.ts';
import type { RequestActor } from './request-rows.repository.ts';

/**
 * The statements of the usual price (issue 32): the lane's places within the shipper's tenant (a
 * staff user's plants), the lane's past orders, and a request read by a carrier under the
 * policy's request rule.
 */

const r = transportRequests;
/** The most recent orders of a lane that count: prices older than that say little about today's. */
const HISTORY_LIMIT = 50;

/** The statement of the coordinates of the shipper's plant (a staff user's own). */
export const plantPointQuery = (db: DbOrTx, actor: RequestActor, plantId: number) =>
  db
    .select({ latitude: plants.latitude, longitude: plants.longitude })
    .from(plants)
    .where(and(eq(plants.id, plantId), eq(plants.industryId, actor.industryId), actor.staff && staffPlantScope(actor.staff, plants.id)));

/** The coordinates of the shipper's plant (a staff user's own), if it is one. */
export async function plantLatLng(db: DbOrTx, actor: RequestActor, plantId: number): Promise<LatLng | undefined> {
  const [plant] = await plantPointQuery(db, actor, plantId);
  return plant;
}

/** Coordinates of the shipper's own party addresses of one kind, by id. */
export async function addressLatLngs(db: DbOrTx, industryId: number, kind: 'client' | 'vendor', ids: number[]) {
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

/** Coordinates of the shipper's own locations, by id. */
export async function stopLatLngs(db: DbOrTx, industryId: number, ids: number[]) {
  const rows = ids.length
    ? await db
        .select({ id: stops.id, latitude: stops.latitude, longitude: stops.longitude })
        .from(stops)
        .where(and(inArray(stops.id, ids), eq(stops.industryId, industryId)))
    : [];
  return new Map(rows.map((row) => [row.id, row]));
}

/** A lane as its past orders are found: the shipper, direction, plant, vehicle type and the far end. */
export type LaneKey = {
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
export async function laneOrderRows(db: DbOrTx, key: LaneKey) {
  const lane = key.requestType === 1 ? sql`${dropoffKey(r.id)} = ${key.dropoffs}` : eq(r.pickupAddressId, key.pickupAddressId ?? 0);
  return db
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
}

/** The statement of a request the carrier may read (the policy's rule) with its lane's places and load. */
export const carrierLaneQuery = (db: DbOrTx, viewer: Viewer, requestId: number) =>
  db
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

/** A request the carrier may read with its lane's places and load, if any. */
export async function carrierLane(db: DbOrTx, viewer: Viewer, requestId: number) {
  const [row] = await carrierLaneQuery(db, viewer, requestId);
  return row;
}
