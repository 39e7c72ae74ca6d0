import { asc, eq, sql } from 'drizzle-orm';
import type { GateEvent, OrderDetail, OrderTimelineEntry } from '@freightdesk/shared/schemas/execution';
import type { Order } from '@freightdesk/shared/schemas/order';
import { type ActionViewer, orderActions } from '@freightdesk/shared/status/order-actions';
import type { OrderStatus } from '@freightdesk/shared/status/order';
import type { Db, DbOrTx } from '../../db/client.ts';
import { users } from '../../db/schema/auth.ts';
import { gateEvents } from '../../db/schema/execution.ts';
import { orderEvents } from '../../db/schema/orders.ts';
import { carriers, industries } from '../../db/schema/tenancy.ts';
import { type Direction, ORDER_PERMISSIONS, type Viewer } from '../../lib/policy.ts';
import { billOrder, listBills } from '../eway-bills/eway-bills.service.ts';
import { TRACKING_REASON_PREFIX } from '../tracking/arrival-evidence.ts';
import { readLane } from './order-lane.ts';
import { listPods } from './pods.service.ts';
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
  const rows = await db
    .select({
      from: orderEvents.fromStatus,
      to: orderEvents.toStatus,
      by: orderEvents.by,
      byName: users.name,
      byCompany: sql<string | null>`coalesce(${carriers.name}, ${industries.name})`,
      reason: orderEvents.reason,
      at: orderEvents.at,
    })
    .from(orderEvents)
    .leftJoin(users, eq(users.id, orderEvents.by))
    .leftJoin(carriers, eq(carriers.id, users.carrierId))
    .leftJoin(industries, eq(industries.id, users.industryId))
    .where(eq(orderEvents.orderId, orderId))
    .orderBy(orderEvents.id);
  return rows.map((e) => ({
    ...e,
    byLabel: e.byName ? [e.byName, e.byCompany].filter(Boolean).join(', ') : byTracking(e.reason) ? TRACKING_ACTOR : SYSTEM_ACTOR,
    at: e.at.toISOString(),
  }));
}

/** What the gate recorded on the order, in the order it happened. */
export async function listGateEvents(db: DbOrTx, orderId: number): Promise<GateEvent[]> {
  const rows = await db
    .select({ event: gateEvents, byName: users.name })
    .from(gateEvents)
    .leftJoin(users, eq(users.id, gateEvents.by))
    .where(eq(gateEvents.orderId, orderId))
    .orderBy(asc(gateEvents.at), asc(gateEvents.id));
  return rows.map(({ event: g, byName }) => ({
    kind: g.kind,
    at: g.at.toISOString(),
    byName: byName ?? null,
    vehicleNumberSeen: g.vehicleNumberSeen,
    vehicleMismatch: g.vehicleMismatch,
    overrideReason: g.overrideReason,
    driverChecked: g.driverChecked,
    grossKg: g.grossKg,
    tareKg: g.tareKg,
    netKg: g.netKg,
    sealNumber: g.sealNumber,
    invoiceNumber: g.invoiceNumber,
    lrNumber: g.lrNumber,
    documentsPresent: g.documentsPresent,
    remarks: g.remarks,
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
