import { and, desc, eq, isNull } from 'drizzle-orm';
import type { DbOrTx } from '../db/client.ts';
import { orders } from '../db/schema/orders.ts';
import { trackingLinks } from '../db/schema/tracking.ts';

/**
 * The statements of public tracking links (issue 32). A link belongs to its order: the order is
 * found in the viewer's scope first (tracking-trips.repository.ts); the public page finds a link
 * by its token's hash alone.
 */

export type TrackingLinkRow = typeof trackingLinks.$inferSelect;
export type LinkedOrder = typeof orders.$inferSelect;

/** The order's links that have no expiry yet get `expiresAt`. */
export async function setOpenLinkExpiries(tx: DbOrTx, orderId: number, expiresAt: Date): Promise<void> {
  await tx
    .update(trackingLinks)
    .set({ expiresAt })
    .where(and(eq(trackingLinks.orderId, orderId), isNull(trackingLinks.expiresAt)));
}

/** The order's links, newest first. */
export const linksOfOrderQuery = (db: DbOrTx, orderId: number) =>
  db.select().from(trackingLinks).where(eq(trackingLinks.orderId, orderId)).orderBy(desc(trackingLinks.id));

export async function linksOfOrder(db: DbOrTx, orderId: number): Promise<TrackingLinkRow[]> {
  return linksOfOrderQuery(db, orderId);
}

/** The order a link is made for. */
export async function linkedOrder(db: DbOrTx, orderId: number): Promise<LinkedOrder | undefined> {
  const [order] = await db.select().from(orders).where(eq(orders.id, orderId));
  return order;
}

export async function insertLink(db: DbOrTx, row: typeof trackingLinks.$inferInsert): Promise<TrackingLinkRow | undefined> {
  const [made] = await db.insert(trackingLinks).values(row).returning();
  return made;
}

/** Revokes the order's link (if not revoked yet) and answers it as it stands. */
export async function revokeLinkOf(db: DbOrTx, orderId: number, linkId: number, userId: number): Promise<TrackingLinkRow | undefined> {
  await db
    .update(trackingLinks)
    .set({ revokedAt: new Date(), revokedBy: userId })
    .where(and(eq(trackingLinks.id, linkId), eq(trackingLinks.orderId, orderId), isNull(trackingLinks.revokedAt)));
  const [row] = await db
    .select()
    .from(trackingLinks)
    .where(and(eq(trackingLinks.id, linkId), eq(trackingLinks.orderId, orderId)));
  return row;
}

/** The link of a token's hash (the public page: no viewer). */
export const linkByTokenQuery = (db: DbOrTx, tokenHash: string) =>
  db.select().from(trackingLinks).where(eq(trackingLinks.tokenHash, tokenHash));

export async function linkByTokenHash(db: DbOrTx, tokenHash: string): Promise<TrackingLinkRow | undefined> {
  const [link] = await linkByTokenQuery(db, tokenHash);
  return link;
}
