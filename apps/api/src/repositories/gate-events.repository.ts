import { and, asc, eq, inArray } from 'drizzle-orm';
import type { GateEvent } from '@freightdesk/shared/schemas/execution';
import type { DbOrTx } from '../db/client.ts';
import { users } from '../db/schema/auth.ts';
import { gateEvents } from '../db/schema/execution.ts';

/**
 * The statements of the gate's records on an order (issue 32). Callers reach the order through the
 * policy's rule first (the order locked for a change, or read within the viewer's scope).
 */

export type GateEventValues = Omit<typeof gateEvents.$inferInsert, 'industryId' | 'orderId' | 'plantId' | 'by'>;

/** Writes one gate record of the order (the unique index on gate_events(order_id, kind) refuses a second of a kind). */
export async function insertGateEvent(
  tx: DbOrTx,
  order: { id: number; industryId: number; plantId: number },
  by: number,
  values: GateEventValues,
): Promise<void> {
  await tx.insert(gateEvents).values({ ...values, industryId: order.industryId, orderId: order.id, plantId: order.plantId, by });
}

/** The order's loading or unloading record, if any. */
export async function weighedEvent(tx: DbOrTx, orderId: number): Promise<{ at: Date; kind: string } | undefined> {
  const [weighed] = await tx
    .select({ at: gateEvents.at, kind: gateEvents.kind })
    .from(gateEvents)
    .where(and(eq(gateEvents.orderId, orderId), inArray(gateEvents.kind, ['loaded', 'unloaded'])));
  return weighed;
}

/** What the gate recorded on the order, in the order it happened. */
export const gateEventsQuery = (db: DbOrTx, orderId: number) =>
  db
    .select({ event: gateEvents, byName: users.name })
    .from(gateEvents)
    .leftJoin(users, eq(users.id, gateEvents.by))
    .where(eq(gateEvents.orderId, orderId))
    .orderBy(asc(gateEvents.at), asc(gateEvents.id));

/** The gate's records on the order as its page shows them. */
export async function listGateEvents(db: DbOrTx, orderId: number): Promise<GateEvent[]> {
  const rows = await gateEventsQuery(db, orderId);
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
