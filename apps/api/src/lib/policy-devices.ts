import { and, eq, or, type SQL, sql } from 'drizzle-orm';
import type { Permission } from '@freightdesk/shared/permissions';
import { orders } from '../db/schema/orders.ts';
import { trackingDevices } from '../db/schema/tracking.ts';
import { type Action, ordersFor, staffPlantScope, type Viewer } from './policy.ts';
import { ORDER_PERMISSIONS } from './policy-permissions.ts';

/**
 * The policy's rule for tracking devices (part of lib/policy; issue 31). Carriers: their company's
 * devices, every action. Shipper users: their company's devices — to see them, the order list
 * permission of either direction (devices serve orders, and the boards already need it); to
 * register, pair, re-issue or switch one off, `add-edit-delete` (the tracking settings'). A staff
 * user limited to plants sees and changes a device only while it is free or on an order of those
 * plants (the orders rule decides), so neither the device nor its order's number leaks across.
 */
const DEVICE_ACTION: Record<Action, Permission[]> = {
  list: [ORDER_PERMISSIONS[1].list, ORDER_PERMISSIONS[2].list, ORDER_PERMISSIONS[2].offlineList],
  read: [ORDER_PERMISSIONS[1].list, ORDER_PERMISSIONS[2].list, ORDER_PERMISSIONS[2].offlineList],
  follow: [ORDER_PERMISSIONS[1].list, ORDER_PERMISSIONS[2].list, ORDER_PERMISSIONS[2].offlineList],
  export: [ORDER_PERMISSIONS[1].list, ORDER_PERMISSIONS[2].list, ORDER_PERMISSIONS[2].offlineList],
  change: ['add-edit-delete'],
  attach: ['add-edit-delete'],
};

const d = trackingDevices;

/** The device is on no active trip, or on one of an order the viewer may read. */
function freeOrOnReadableOrder(viewer: Viewer): SQL | undefined {
  if (!staffPlantScope(viewer, orders.plantId)) {
    return undefined;
  }
  const readable = ordersFor(viewer, 'read') ?? sql`false`;
  return sql`not exists (select 1 from order_tracking ot join ${orders} on ${orders.id} = ot.order_id
      where ot.device_id = ${d.id} and ot.stopped_at is null and not (${readable}))`;
}

/** Tracking devices (tracking_devices rows) the viewer may take `action` on; null when none. */
export function devicesFor(viewer: Viewer, action: Action): SQL | null {
  if (viewer.userType === 2) {
    return viewer.carrierId ? eq(d.carrierId, viewer.carrierId) : null;
  }
  if (!viewer.industryId || !DEVICE_ACTION[action].some((p) => viewer.permissions.includes(p))) {
    return null;
  }
  return and(eq(d.industryId, viewer.industryId), freeOrOnReadableOrder(viewer)) as SQL;
}

/** The devices a user may choose for an order's tracking: the order's shipper's or its carrier's (checked apart). */
export const deviceOwners = (order: { industryId: number; carrierId: number }): SQL =>
  or(eq(d.industryId, order.industryId), eq(d.carrierId, order.carrierId)) as SQL;
