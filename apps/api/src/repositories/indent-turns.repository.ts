import { and, asc, eq, inArray } from 'drizzle-orm';
import type { DbOrTx } from '../db/client.ts';
import { rfqLanes } from '../db/schema/contracts.ts';
import { indentAllocations, indents } from '../db/schema/indents.ts';
import { orders } from '../db/schema/orders.ts';
import { carriers, industryCarriers } from '../db/schema/tenancy.ts';

/**
 * The statements of an indent's waterfall (modules/indents/waterfall.ts): the indent's row lock and
 * its turns (allocations), each asked, answered or ended under that lock. The callers reach an
 * indent through the viewer's scope or a carrier's own links first.
 */

export type IndentRow = typeof indents.$inferSelect;
export type AllocationRow = typeof indentAllocations.$inferSelect;
type IndentValues = Partial<typeof indents.$inferInsert>;
type TurnValues = Partial<typeof indentAllocations.$inferInsert>;

/** Locks the indent row for the rest of the transaction. */
export async function lockIndent(tx: DbOrTx, id: number): Promise<IndentRow | undefined> {
  const [row] = await tx.select().from(indents).where(eq(indents.id, id)).for('update');
  return row;
}

/** The name of a link's carrier company. */
export async function linkCarrierName(tx: DbOrTx, linkId: number): Promise<string | undefined> {
  const [row] = await tx
    .select({ name: carriers.name })
    .from(industryCarriers)
    .innerJoin(carriers, eq(carriers.id, industryCarriers.carrierId))
    .where(eq(industryCarriers.id, linkId));
  return row?.name;
}

export async function updateIndent(tx: DbOrTx, indentId: number, values: IndentValues): Promise<void> {
  await tx.update(indents).set(values).where(eq(indents.id, indentId));
}

export async function updateTurn(tx: DbOrTx, turnId: number, values: TurnValues): Promise<void> {
  await tx.update(indentAllocations).set(values).where(eq(indentAllocations.id, turnId));
}

const queuedOf = (indentId: number) => and(eq(indentAllocations.indentId, indentId), eq(indentAllocations.status, 'queued'));

/** Every turn still queued is skipped. */
export async function skipQueuedTurns(tx: DbOrTx, indentId: number): Promise<void> {
  await tx.update(indentAllocations).set({ status: 'skipped' }).where(queuedOf(indentId));
}

/** The first turn still queued, by `seq`. */
export async function nextQueuedTurn(tx: DbOrTx, indentId: number): Promise<AllocationRow | undefined> {
  const [next] = await tx.select().from(indentAllocations).where(queuedOf(indentId)).orderBy(asc(indentAllocations.seq)).limit(1);
  return next;
}

/** The indent's turns of some links (a carrier's), by `seq`. */
export async function turnsOfLinks(tx: DbOrTx, indentId: number, linkIds: number[]): Promise<AllocationRow[]> {
  return tx
    .select()
    .from(indentAllocations)
    .where(and(eq(indentAllocations.indentId, indentId), inArray(indentAllocations.industryCarrierId, linkIds.length ? linkIds : [0])))
    .orderBy(asc(indentAllocations.seq));
}

export async function turnById(tx: DbOrTx, allocationId: number): Promise<AllocationRow | undefined> {
  const [turn] = await tx.select().from(indentAllocations).where(eq(indentAllocations.id, allocationId));
  return turn;
}

/** The turn being asked now, if any. */
export async function offeredTurn(tx: DbOrTx, indentId: number): Promise<AllocationRow | undefined> {
  const [turn] = await tx
    .select()
    .from(indentAllocations)
    .where(and(eq(indentAllocations.indentId, indentId), eq(indentAllocations.status, 'offered')));
  return turn;
}

/** The RFQ lane an indent goes on. */
export async function rfqLaneById(tx: DbOrTx, laneId: number): Promise<typeof rfqLanes.$inferSelect | undefined> {
  const [lane] = await tx.select().from(rfqLanes).where(eq(rfqLanes.id, laneId));
  return lane;
}

/** One order of an accepted turn; its id. */
export async function insertIndentOrder(tx: DbOrTx, values: typeof orders.$inferInsert): Promise<number> {
  const [row] = await tx.insert(orders).values(values).returning({ id: orders.id });
  return row?.id ?? 0;
}
