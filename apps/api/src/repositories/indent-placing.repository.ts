import { and, eq, gte, inArray, lt, sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/client.ts';
import { indentAllocations, indents } from '../db/schema/indents.ts';
import { products } from '../db/schema/settings.ts';
import { industryCarriers } from '../db/schema/tenancy.ts';

/** The statements of placing an indent: the lane's taken shares, the shipper's links and products, the rows written. */

const i = indents;

/** Vehicles each holder took on this lane between `from` and `to` (what the shares are measured on). */
export async function takenOnLane(tx: DbOrTx, laneId: number, from: Date, to: Date): Promise<Map<number, number>> {
  const rows = await tx
    .select({ link: indentAllocations.industryCarrierId, n: sql<number>`sum(${indentAllocations.vehiclesAccepted})::int` })
    .from(indentAllocations)
    .innerJoin(i, eq(i.id, indentAllocations.indentId))
    .where(and(eq(i.laneId, laneId), gte(i.reportingAt, from), lt(i.reportingAt, to)))
    .groupBy(indentAllocations.industryCarrierId);
  return new Map(rows.map((r) => [r.link, Number(r.n)]));
}

/** Which of `ids` are the shipper's active My Carriers links. */
export async function activeLinksAmong(tx: DbOrTx, industryId: number, ids: number[]): Promise<{ id: number }[]> {
  return tx
    .select({ id: industryCarriers.id })
    .from(industryCarriers)
    .where(and(eq(industryCarriers.industryId, industryId), inArray(industryCarriers.id, ids), eq(industryCarriers.status, 'active')));
}

/** Is the product one of the shipper's? */
export async function isShipperProduct(tx: DbOrTx, industryId: number, productId: number): Promise<boolean> {
  const [p] = await tx
    .select({ id: products.id })
    .from(products)
    .where(and(eq(products.id, productId), eq(products.industryId, industryId)));
  return p !== undefined;
}

export async function insertIndent(tx: DbOrTx, values: typeof indents.$inferInsert): Promise<typeof indents.$inferSelect | undefined> {
  const [row] = await tx.insert(i).values(values).returning();
  return row;
}

export async function insertTurns(tx: DbOrTx, turns: (typeof indentAllocations.$inferInsert)[]): Promise<void> {
  await tx.insert(indentAllocations).values(turns);
}
