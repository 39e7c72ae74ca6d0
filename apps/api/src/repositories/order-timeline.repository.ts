import { eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/client.ts';
import { users } from '../db/schema/auth.ts';
import { orderEvents } from '../db/schema/orders.ts';
import { carriers, industries } from '../db/schema/tenancy.ts';

/**
 * The order's timeline as stored (issue 32): each move with who (the user and their company).
 * Callers reach the order through the policy's rule first.
 */
export const orderEventsQuery = (db: DbOrTx, orderId: number) =>
  db
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

/** The order's timeline rows, oldest first. */
export async function orderEventRows(db: DbOrTx, orderId: number) {
  return orderEventsQuery(db, orderId);
}
