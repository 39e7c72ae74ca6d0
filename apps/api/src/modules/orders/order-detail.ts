import type { OrderDetail, OrderTimelineEntry } from '@freightdesk/shared/schemas/order-detail';
import type { Order } from '@freightdesk/shared/schemas/order';
import { type ActionViewer, orderActions } from '@freightdesk/shared/status/order-actions';
import type { OrderStatus } from '@freightdesk/shared/status/order';
import type { Db, DbOrTx } from '../../db/client.ts';
import { type Direction, ORDER_PERMISSIONS, type Viewer } from '../../lib/policy.ts';
import { billOrder, listBills } from '../eway-bills/eway-bills.service.ts';
import { TRACKING_REASON_PREFIX } from '../tracking/arrival-evidence.ts';
import { readLane } from './order-lane.ts';
import { listGateEvents } from '../../repositories/gate-events.repository.ts';
import { listPods } from '../../repositories/order-pods.repository.ts';
import { orderEventRows } from '../../repositories/order-timeline.repository.ts';
import { consignmentNoteOf } from '../../repositories/consignment-notes.repository.ts';

/** Who made the platform's own moves (jobs, the inbound receipt at gate out). */
export const SYSTEM_ACTOR = 'Freightdesk (automatic)';
/** Who made a move from a position (a geofence entered): tracking, as the issue names it. */
export const TRACKING_ACTOR = 'Tracking (automatic)';

/** A platform move made by tracking: its evidence line (before issue 31, the bare word). */
const byTracking = (reason: string | null) => reason === 'tracking' || Boolean(reason?.startsWith(TRACKING_REASON_PREFIX));

/**
 * The order's timeline, oldest first: each move with who (the user and their company; null for
 * the platform's own moves, labelled "Freightdesk (automatic)"), when and why.
 */
export async function orderTimeline(db: DbOrTx, orderId: number): Promise<OrderTimelineEntry[]> {
  const rows = await orderEventRows(db, orderId);
  return rows.map((e) => ({
    ...e,
    byLabel: e.byName ? [e.byName, e.byCompany].filter(Boolean).join(', ') : byTracking(e.reason) ? TRACKING_ACTOR : SYSTEM_ACTOR,
    at: e.at.toISOString(),
  }));
}

/**
 * What the viewer is, for the actions: the carrier's side, or a shipper user with the order list
 * permission of the direction (the gate, cancel, POD decisions, e-way bills) and the offline add
 * permission (offline edits). The order itself was read through the policy already.
 */
export function actionViewer(user: Viewer, direction: Direction): ActionViewer {
  if (user.userType === 2) {
    return { side: 'carrier' };
  }
  return {
    side: 'shipper',
    canChange: user.permissions.includes(ORDER_PERMISSIONS[direction].list),
    canEditOffline: user.permissions.includes(ORDER_PERMISSIONS[direction].offlineAdd),
  };
}

/**
 * The order's page: the order and its lane, e-way bills (with their state now), the POD (latest
 * and every version), the gate's records, the timeline, and the actions the viewer may take now.
 */
export async function orderDetail(db: Db, user: Viewer, order: Order): Promise<OrderDetail> {
  const direction: Direction = order.requestType === 2 ? 2 : 1;
  const bills = await billOrder(db, user, 'read', order.id, user.userType === 2 ? undefined : direction);
  const [lane, ewayBills, podVersions, gate, timeline, consignmentNote] = [
    await readLane(db, order.id),
    await listBills(db, bills),
    await listPods(db, order.id),
    await listGateEvents(db, order.id),
    await orderTimeline(db, order.id),
    await consignmentNoteOf(db, order.id),
  ];
  return {
    ...order,
    lane,
    ewayBills,
    pod: podVersions[0] ?? null,
    podVersions,
    gateEvents: gate,
    timeline,
    consignmentNote,
    actions: orderActions({ ...order, status: order.status as OrderStatus }, actionViewer(user, direction)),
  };
}
