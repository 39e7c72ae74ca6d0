import type { DbOrTx } from '../db/client.ts';
import { orderEvents } from '../db/schema/orders.ts';

/** One row of an order's timeline: a move, or a same-status note (a document, a bill, tracking). */
export type OrderEvent = {
  orderId: number;
  fromStatus?: string | null;
  toStatus: string;
  /** The user; null for the platform's own moves. */
  by: number | null;
  reason?: string | null;
  /** When it happened, if not now (a geofence entered at a fix's time, a gate time given). */
  at?: Date;
};

/**
 * Writes a timeline row, stamped by the API's clock like the order's own move times (reported,
 * gate in …), never by the database's: with the database on another host the two clocks differ,
 * and an order's timeline would read out of step with its stamps. The one way rows are added.
 */
export async function addOrderEvent(tx: DbOrTx, event: OrderEvent): Promise<void> {
  await tx.insert(orderEvents).values({ ...event, at: event.at ?? new Date() });
}
