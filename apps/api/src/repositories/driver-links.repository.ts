import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/client.ts';
import { rowsOf } from '../db/rows.ts';
import { driverLinks } from '../db/schema/driver-links.ts';
import { trackingDevices } from '../db/schema/tracking.ts';

/**
 * The statements of the driver's trip links (issue 35, record 0300). The carrier's side finds the
 * order in its scope first (orders.repository carrierOrder); the driver's page finds a link by its
 * token's hash alone, and then reads that one order only.
 */

export type DriverLinkRow = typeof driverLinks.$inferSelect;

/** The order's newest link (revoked or not). */
export const latestDriverLinkQuery = (db: DbOrTx, orderId: number) =>
  db.select().from(driverLinks).where(eq(driverLinks.orderId, orderId)).orderBy(desc(driverLinks.id)).limit(1);

export async function latestDriverLink(db: DbOrTx, orderId: number): Promise<DriverLinkRow | undefined> {
  const [row] = await latestDriverLinkQuery(db, orderId);
  return row;
}

/** The link of a token's hash (the driver's page: no viewer). */
export const driverLinkByTokenQuery = (db: DbOrTx, tokenHash: string) =>
  db.select().from(driverLinks).where(eq(driverLinks.tokenHash, tokenHash));

export async function driverLinkByTokenHash(db: DbOrTx, tokenHash: string): Promise<DriverLinkRow | undefined> {
  const [row] = await driverLinkByTokenQuery(db, tokenHash);
  return row;
}

export async function insertDriverLink(tx: DbOrTx, row: typeof driverLinks.$inferInsert): Promise<DriverLinkRow | undefined> {
  const [made] = await tx.insert(driverLinks).values(row).returning();
  return made;
}

/** Revokes the order's open links; answers the phones (tracking devices) they stood for. */
export async function revokeDriverLinksOf(tx: DbOrTx, orderId: number, userId: number): Promise<{ id: number; deviceId: number | null }[]> {
  return tx
    .update(driverLinks)
    .set({ revokedAt: new Date(), revokedBy: userId })
    .where(and(eq(driverLinks.orderId, orderId), isNull(driverLinks.revokedAt)))
    .returning({ id: driverLinks.id, deviceId: driverLinks.deviceId });
}

/** The order's links that have no expiry yet get `expiresAt` (the order ended). */
export async function setOpenDriverLinkExpiries(tx: DbOrTx, orderId: number, expiresAt: Date): Promise<void> {
  await tx
    .update(driverLinks)
    .set({ expiresAt })
    .where(and(eq(driverLinks.orderId, orderId), isNull(driverLinks.expiresAt)));
}

/** The driver's page called now (`position`: it sent a position). */
export async function markDriverLinkSeen(db: DbOrTx, id: number, at: Date, position: boolean): Promise<void> {
  await db
    .update(driverLinks)
    .set(position ? { lastSeenAt: at, lastPositionAt: at } : { lastSeenAt: at })
    .where(eq(driverLinks.id, id));
}

/** The phone of a link, as a tracking device of the carrier (found by the ingest under `identifier`). */
export async function insertLinkPhone(
  tx: DbOrTx,
  row: { identifier: string; hint: string; name: string; carrierId: number; createdBy: number },
): Promise<number | undefined> {
  const [made] = await tx
    .insert(trackingDevices)
    .values({ ...row, kind: 'phone', credential: 'issued' })
    .returning({ id: trackingDevices.id });
  return made?.id;
}

/** Switches the phones of revoked links off: whatever they still send is filtered (`inactive`). */
export async function switchLinkPhonesOff(tx: DbOrTx, deviceIds: number[]): Promise<{ identifier: string }[]> {
  if (!deviceIds.length) {
    return [];
  }
  return tx
    .update(trackingDevices)
    .set({ status: 'inactive', updatedAt: new Date() })
    .where(sql`${trackingDevices.id} = any(${sql.param(deviceIds)}::int[])`)
    .returning({ identifier: trackingDevices.identifier });
}

export type TripStopRaw = {
  kind: 'pickup' | 'drop';
  name: string | null;
  address: string | null;
  city: string | null;
  contact_name: string | null;
  contact_phone: string | null;
  latitude: number | null;
  longitude: number | null;
};

/** The order's stops as the driver needs them: the place, its address and whom to call there. */
export const tripStopsStatement = (orderId: number) => sql`
  select s.kind, s.label as name, coalesce(p.address, pa.address, st.address) as address,
    coalesce(s.city, p.city, pa.city, st.city) as city, coalesce(p.contact_name, pt.contact_name) as contact_name,
    coalesce(p.contact_mobile, pt.mobile) as contact_phone, s.latitude, s.longitude
  from order_stops s
  left join plants p on p.id = s.plant_id
  left join party_addresses pa on pa.id = s.address_id
  left join parties pt on pt.id = pa.party_id
  left join stops st on st.id = s.stop_id
  where s.order_id = ${orderId}
  order by s.seq`;

export async function tripStops(db: DbOrTx, orderId: number): Promise<TripStopRaw[]> {
  return rowsOf<TripStopRaw>(await db.execute(tripStopsStatement(orderId)));
}

export type TripOrderRaw = {
  id: number;
  industry_id: number;
  number: string;
  status: string;
  request_type: number;
  source: string;
  vehicle_number: string | null;
  driver_name: string | null;
  pickup_at: Date | string | null;
  carrier_name: string;
  carrier_phone: string | null;
  shipper_name: string;
};

/** The one order of a link, with its carrier's and shipper's names (no price). */
export const tripOrderStatement = (orderId: number) => sql`
  select o.id, o.industry_id, o.number, o.status, o.request_type, o.source, o.vehicle_number, o.driver_name, o.pickup_at,
    c.name as carrier_name, c.mobile as carrier_phone, i.name as shipper_name
  from orders o
  join carriers c on c.id = o.carrier_id
  join industries i on i.id = o.industry_id
  where o.id = ${orderId}`;

export async function tripOrder(db: DbOrTx, orderId: number): Promise<TripOrderRaw | undefined> {
  return rowsOf<TripOrderRaw>(await db.execute(tripOrderStatement(orderId)))[0];
}
