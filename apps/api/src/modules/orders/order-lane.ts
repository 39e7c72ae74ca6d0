import { and, asc, eq, inArray } from 'drizzle-orm';
import type { OrderStop } from '@freightdesk/shared/schemas/execution';
import type { DbOrTx } from '../../db/client.ts';
import { orderStops } from '../../db/schema/execution.ts';
import { orders } from '../../db/schema/orders.ts';
import { laneOfStops } from '../../lib/order-measures.ts';
import { stops } from '../../db/schema/locations.ts';
import { parties, partyAddresses } from '../../db/schema/parties.ts';
import { plants } from '../../db/schema/plants.ts';
import { requestDropoffs } from '../../db/schema/requests.ts';
import { badRequest } from '../../lib/errors.ts';

/** One place of a lane before it is written: a snapshot of the plant, address or location. */
export type LanePoint = Omit<OrderStop, 'seq'>;

type LaneInput = {
  industryId: number;
  direction: 1 | 2;
  plantId: number;
  /** Inbound: the vendor address loaded at. */
  pickupAddressId: number | null;
  /** Outbound: client addresses or locations unloaded at, in order. */
  dropoffs: { addressId?: number | null; stopId?: number | null }[];
};

const blank = { plantId: null, addressId: null, stopId: null, geofenceRadius: null } as const;

async function plantPoint(tx: DbOrTx, industryId: number, plantId: number, kind: LanePoint['kind']): Promise<LanePoint> {
  const [p] = await tx
    .select()
    .from(plants)
    .where(and(eq(plants.id, plantId), eq(plants.industryId, industryId)));
  if (!p) {
    throw badRequest('plantId', 'Choose one of your plants.');
  }
  return {
    ...blank,
    kind,
    plantId: p.id,
    label: p.name,
    city: p.city,
    latitude: p.latitude,
    longitude: p.longitude,
    geofenceRadius: p.geofenceRadius,
  };
}

/** The shipper's own addresses of clients (drop-offs) or vendors (pickup), by id; null: of either. */
async function addressPoints(tx: DbOrTx, industryId: number, kind: 'client' | 'vendor' | null, ids: number[]) {
  if (!ids.length) {
    return new Map<number, LanePoint>();
  }
  const rows = await tx
    .select({ address: partyAddresses, company: parties.company })
    .from(partyAddresses)
    .innerJoin(parties, eq(parties.id, partyAddresses.partyId))
    .where(and(inArray(partyAddresses.id, ids), eq(parties.industryId, industryId), kind ? eq(parties.kind, kind) : undefined));
  return new Map(
    rows.map(({ address: a, company }): [number, LanePoint] => [
      a.id,
      {
        ...blank,
        kind: kind === 'vendor' ? 'pickup' : 'drop',
        addressId: a.id,
        label: `${company}, ${a.label}`,
        city: a.city,
        latitude: a.latitude,
        longitude: a.longitude,
      },
    ]),
  );
}

async function stopPoints(tx: DbOrTx, industryId: number, ids: number[]) {
  if (!ids.length) {
    return new Map<number, LanePoint>();
  }
  const rows = await tx
    .select()
    .from(stops)
    .where(and(inArray(stops.id, ids), eq(stops.industryId, industryId)));
  return new Map(
    rows.map((s): [number, LanePoint] => [
      s.id,
      {
        ...blank,
        kind: 'drop',
        stopId: s.id,
        label: s.name,
        city: s.city,
        latitude: s.latitude,
        longitude: s.longitude,
        geofenceRadius: s.geofenceRadius,
      },
    ]),
  );
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
  const dropoffs = await tx
    .select({ addressId: requestDropoffs.addressId, stopId: requestDropoffs.stopId })
    .from(requestDropoffs)
    .where(eq(requestDropoffs.requestId, request.id))
    .orderBy(asc(requestDropoffs.seq));
  return buildLane(tx, {
    industryId: request.industryId,
    direction: request.requestType === 2 ? 2 : 1,
    plantId: request.plantId,
    pickupAddressId: request.pickupAddressId,
    dropoffs,
  });
}

/** Writes (or replaces) the order's lane: its stops, and the lane's name on the order (reports filter on it). */
export async function writeLane(tx: DbOrTx, orderId: number, lane: LanePoint[]): Promise<void> {
  await tx.delete(orderStops).where(eq(orderStops.orderId, orderId));
  if (lane.length) {
    await tx.insert(orderStops).values(lane.map((p, seq) => ({ ...p, orderId, seq })));
  }
  await tx.update(orders).set({ lane: laneOfStops }).where(eq(orders.id, orderId));
}

/** The order's lane, pickup first. */
export async function readLane(db: DbOrTx, orderId: number): Promise<OrderStop[]> {
  return db
    .select({
      seq: orderStops.seq,
      kind: orderStops.kind,
      label: orderStops.label,
      city: orderStops.city,
      latitude: orderStops.latitude,
      longitude: orderStops.longitude,
      geofenceRadius: orderStops.geofenceRadius,
      plantId: orderStops.plantId,
      addressId: orderStops.addressId,
      stopId: orderStops.stopId,
    })
    .from(orderStops)
    .where(eq(orderStops.orderId, orderId))
    .orderBy(asc(orderStops.seq));
}
