import { and, asc, eq, inArray } from 'drizzle-orm';
import type { OrderStop } from '@freightdesk/shared/schemas/order-detail';
import type { DbOrTx } from '../db/client.ts';
import { orderStops } from '../db/schema/execution.ts';
import { stops } from '../db/schema/locations.ts';
import { orders } from '../db/schema/orders.ts';
import { parties, partyAddresses } from '../db/schema/parties.ts';
import { plants } from '../db/schema/plants.ts';
import { requestDropoffs } from '../db/schema/requests.ts';
import { laneOfStops } from './common/order-measures.ts';

/**
 * The statements of an order's lane (issue 32): the shipper's own plants, addresses and locations
 * as places (each read within the shipper's tenant), and the order's stops written and read.
 */

/** One place of a lane before it is written: a snapshot of the plant, address or location. */
export type LanePoint = Omit<OrderStop, 'seq'>;

const blank = { plantId: null, addressId: null, stopId: null, geofenceRadius: null } as const;

/** The shipper's plant as a place of a lane, if it is the shipper's. */
export async function plantPoint(tx: DbOrTx, industryId: number, plantId: number, kind: LanePoint['kind']): Promise<LanePoint | undefined> {
  const [p] = await tx
    .select()
    .from(plants)
    .where(and(eq(plants.id, plantId), eq(plants.industryId, industryId)));
  if (!p) {
    return undefined;
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
export async function addressPoints(tx: DbOrTx, industryId: number, kind: 'client' | 'vendor' | null, ids: number[]) {
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

/** The shipper's own locations, by id. */
export async function stopPoints(tx: DbOrTx, industryId: number, ids: number[]) {
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

/** The drop-offs of a request, in order. */
export async function requestDropoffRows(tx: DbOrTx, requestId: number) {
  return tx
    .select({ addressId: requestDropoffs.addressId, stopId: requestDropoffs.stopId })
    .from(requestDropoffs)
    .where(eq(requestDropoffs.requestId, requestId))
    .orderBy(asc(requestDropoffs.seq));
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
export const readLaneQuery = (db: DbOrTx, orderId: number) =>
  db
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

/** The order's lane, pickup first. */
export async function readLane(db: DbOrTx, orderId: number): Promise<OrderStop[]> {
  return readLaneQuery(db, orderId);
}
