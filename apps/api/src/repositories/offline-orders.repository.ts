import { and, eq, isNull, or, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/client.ts';
import { orders } from '../db/schema/orders.ts';
import { plants } from '../db/schema/plants.ts';
import { products, vehicleTypes } from '../db/schema/settings.ts';
import { type Direction, ordersFor, staffPlantScope, type Viewer } from '../lib/policy.ts';
import { lockVersion } from '../lib/version-check.ts';
import { type LockedOrder, lockOrder } from './order-moves.repository.ts';

/**
 * The statements of recording and editing an offline order (issue 32): its references read within
 * the shipper's tenant (plants within a staff user's own), the order locked within the policy's
 * change rule for offline orders.
 */

const o = orders;

/** Offline orders the viewer may change. */
export const offlineChangeScope = (viewer: Viewer, direction: Direction): SQL | undefined =>
  and(eq(o.source, 'offline'), ordersFor(viewer, 'change', direction) ?? sql`false`);

/**
 * Locks an offline order the viewer may change, checking it was not saved since `expected`
 * (If-Match; 412 when it was); 404 for any other order.
 */
export async function lockOfflineOrder(
  tx: DbOrTx,
  viewer: Viewer,
  direction: Direction,
  id: number,
  expected?: Date,
): Promise<LockedOrder> {
  const scope = offlineChangeScope(viewer, direction);
  await lockVersion(tx, { table: o, where: and(eq(o.id, id), scope), expected, label: 'Order', entity: 'order' });
  return lockOrder(tx, id, scope ?? null);
}

/** The statement finding the shipper's plant within a staff user's own. */
export const ownPlantQuery = (tx: DbOrTx, viewer: Viewer, industryId: number, plantId: number) =>
  tx
    .select({ id: plants.id })
    .from(plants)
    .where(and(eq(plants.id, plantId), eq(plants.industryId, industryId), staffPlantScope(viewer, plants.id)));

/** Is the plant the shipper's (and a staff user's own)? */
export async function isOwnPlant(tx: DbOrTx, viewer: Viewer, industryId: number, plantId: number): Promise<boolean> {
  const [plant] = await ownPlantQuery(tx, viewer, industryId, plantId);
  return Boolean(plant);
}

/** Is the vehicle type the platform's or the shipper's own? */
export async function isVehicleTypeOf(tx: DbOrTx, industryId: number, vehicleTypeId: number): Promise<boolean> {
  const [vehicle] = await tx
    .select({ id: vehicleTypes.id })
    .from(vehicleTypes)
    .where(and(eq(vehicleTypes.id, vehicleTypeId), or(isNull(vehicleTypes.industryId), eq(vehicleTypes.industryId, industryId))));
  return Boolean(vehicle);
}

/** Is the product the shipper's own? */
export async function isProductOf(tx: DbOrTx, industryId: number, productId: number): Promise<boolean> {
  const [product] = await tx
    .select({ id: products.id })
    .from(products)
    .where(and(eq(products.id, productId), eq(products.industryId, industryId)));
  return Boolean(product);
}
