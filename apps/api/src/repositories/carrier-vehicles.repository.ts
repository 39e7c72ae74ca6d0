import { and, desc, isNotNull } from 'drizzle-orm';
import type { DbOrTx } from '../db/client.ts';
import { orders } from '../db/schema/orders.ts';
import { vehicleMatch } from './common/list-page.ts';
import { ordersFor, type Viewer } from '../lib/policy.ts';
import { reused } from './common/prepared.ts';

/**
 * How many of the carrier's latest orders its vehicles are read from: a fleet's trucks all turn up
 * within a few weeks of loads, and a dispatcher types a truck not seen since. A bound, so a carrier
 * with a hundred thousand orders costs what one with a thousand does (the newest from
 * `orders_by_carrier`).
 */
export const RECENT_ORDERS = 2000;

/**
 * The statement of the vehicles on the latest orders the viewer may read (the policy's order
 * rule: a carrier's own), each once with the order it was last on; null when the rule admits none.
 */
export function recentVehiclesQuery(db: DbOrTx, viewer: Viewer, search?: string) {
  const rule = ordersFor(viewer, 'read');
  if (!rule) {
    return null;
  }
  const o = orders;
  const recent = db
    .select({
      id: o.id,
      vehicleNumber: o.vehicleNumber,
      driverName: o.driverName,
      driverMobile: o.driverMobile,
      number: o.number,
      status: o.status,
      pickupAt: o.pickupAt,
    })
    .from(o)
    .where(and(rule, isNotNull(o.vehicleNumber)))
    .orderBy(desc(o.id))
    .limit(RECENT_ORDERS)
    .as('recent');
  return db
    .selectDistinctOn([recent.vehicleNumber], {
      id: recent.id,
      vehicleNumber: recent.vehicleNumber,
      driverName: recent.driverName,
      driverMobile: recent.driverMobile,
      number: recent.number,
      status: recent.status,
      pickupAt: recent.pickupAt,
    })
    .from(recent)
    .where(search ? vehicleMatch(recent.vehicleNumber, search) : undefined)
    .orderBy(recent.vehicleNumber, desc(recent.id));
}

/** The vehicles on the latest orders the viewer may read, each once; none when the rule admits none. */
export async function recentVehicles(db: DbOrTx, viewer: Viewer, search?: string) {
  const query = recentVehiclesQuery(db, viewer, search);
  return query ? reused(query) : null;
}
