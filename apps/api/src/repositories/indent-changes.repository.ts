import { and, eq, inArray, isNull, max, ne } from 'drizzle-orm';
import type { DbOrTx } from '../db/client.ts';
import { contractLanes, contracts, rfqLanes } from '../db/schema/contracts.ts';
import { indentAllocations, indents } from '../db/schema/indents.ts';
import { lockVersion } from '../lib/version-check.ts';
import type { Rule } from '../lib/policy-require.ts';

/**
 * The statements of changing an indent: each reaches the indent within the scope the caller takes
 * from the policy (`indentsFor(viewer, 'change')`), or one it already read in that scope.
 */

type IndentRow = typeof indents.$inferSelect;

/** Is the indent within the scope? */
export async function indentIsInScope(tx: DbOrTx, id: number, scope: Rule<'indent'>): Promise<boolean> {
  const [inScope] = await tx
    .select({ id: indents.id })
    .from(indents)
    .where(and(eq(indents.id, id), scope));
  return inScope !== undefined;
}

/** Locks the indent's row, 412 when it changed since the version the caller read. */
export async function lockIndentVersion(tx: DbOrTx, id: number, expected: Date | undefined): Promise<void> {
  await lockVersion(tx, { table: indents, where: eq(indents.id, id), expected, label: 'indent', entity: 'indent' });
}

/** The other indents of the batch. */
export async function batchSiblings(tx: DbOrTx, batchId: string, id: number): Promise<IndentRow[]> {
  return tx
    .select()
    .from(indents)
    .where(and(eq(indents.batchId, batchId), ne(indents.id, id)));
}

/** Sets the indent's values; the indent as it is now. */
export async function updateIndentReturning(
  tx: DbOrTx,
  id: number,
  values: Partial<typeof indents.$inferInsert>,
): Promise<IndentRow | undefined> {
  const [moved] = await tx.update(indents).set(values).where(eq(indents.id, id)).returning();
  return moved;
}

/** Every turn of the indent. */
export async function turnsOfIndent(tx: DbOrTx, id: number): Promise<(typeof indentAllocations.$inferSelect)[]> {
  return tx.select().from(indentAllocations).where(eq(indentAllocations.indentId, id));
}

/** Removes the backups still waiting their turn; the last `seq` left. */
export async function dropQueuedBackups(tx: DbOrTx, id: number): Promise<number | null> {
  await tx
    .delete(indentAllocations)
    .where(and(eq(indentAllocations.indentId, id), eq(indentAllocations.status, 'queued'), eq(indentAllocations.role, 'backup')));
  const [{ last } = { last: 0 }] = await tx
    .select({ last: max(indentAllocations.seq) })
    .from(indentAllocations)
    .where(eq(indentAllocations.indentId, id));
  return last;
}

/** The rates of the links' active contracts on the lane. */
export async function laneRatesOf(
  tx: DbOrTx,
  laneId: number,
  linkIds: number[],
): Promise<{ link: number; contractId: number; ratePaise: number }[]> {
  return tx
    .select({ link: contracts.industryCarrierId, contractId: contracts.id, ratePaise: contractLanes.ratePaise })
    .from(contractLanes)
    .innerJoin(contracts, eq(contracts.id, contractLanes.contractId))
    .where(and(eq(contractLanes.rfqLaneId, laneId), eq(contracts.status, 'active'), inArray(contracts.industryCarrierId, linkIds)));
}

/** The indent in scope with its lane. */
export function indentWithLaneStatement(db: DbOrTx, id: number, scope: Rule<'indent'>) {
  return db
    .select({ indent: indents, lane: rfqLanes })
    .from(indents)
    .innerJoin(rfqLanes, eq(rfqLanes.id, indents.laneId))
    .where(and(eq(indents.id, id), scope));
}

export async function indentWithLane(db: DbOrTx, id: number, scope: Rule<'indent'>) {
  const [row] = await indentWithLaneStatement(db, id, scope);
  return row;
}

/** Links a request to the shipper's spot indent not raised yet; false when there is none such. */
export async function markSpotRequest(tx: DbOrTx, industryId: number, indentId: number, requestId: number): Promise<boolean> {
  const [row] = await tx
    .update(indents)
    .set({ spotRequestId: requestId, updatedAt: new Date() })
    .where(and(eq(indents.id, indentId), eq(indents.industryId, industryId), eq(indents.status, 'spot'), isNull(indents.spotRequestId)))
    .returning({ id: indents.id });
  return row !== undefined;
}
