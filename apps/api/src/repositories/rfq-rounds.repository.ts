import { and, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/client.ts';
import { rfqInvites, rfqLanes, rfqQuoteRevisions, rfqQuotes, rfqRounds, rfqs } from '../db/schema/contracts.ts';
import { rfqInvitedLink } from '../lib/policy.ts';
import type { Rule } from '../lib/policy-require.ts';

/**
 * The statements of an RFQ's quoting rounds: each reaches the RFQ within the scope the caller takes
 * from the policy (`rfqsFor(viewer, action)`), or by id for the close job the round scheduled.
 */

export type RfqRow = typeof rfqs.$inferSelect;
export type RoundRow = typeof rfqRounds.$inferSelect;

/** The RFQ in scope, locked. */
export async function lockRfqInScope(tx: DbOrTx, id: number, scope: Rule<'rfq'>): Promise<RfqRow | undefined> {
  const [row] = await tx
    .select()
    .from(rfqs)
    .where(and(eq(rfqs.id, id), scope))
    .for('update');
  return row;
}

/** The RFQ, locked (the close job's). */
export async function lockRfqById(tx: DbOrTx, id: number): Promise<RfqRow | undefined> {
  const [rfq] = await tx.select().from(rfqs).where(eq(rfqs.id, id)).for('update');
  return rfq;
}

/** The ids of the RFQ's lanes. */
export async function laneIdsOfRfq(tx: DbOrTx, id: number): Promise<number[]> {
  return (await tx.select({ id: rfqLanes.id }).from(rfqLanes).where(eq(rfqLanes.rfqId, id))).map((l) => l.id);
}

/** The links the RFQ invites. */
export async function invitedLinksOfRfq(tx: DbOrTx, id: number): Promise<number[]> {
  return (await tx.select({ id: rfqInvites.industryCarrierId }).from(rfqInvites).where(eq(rfqInvites.rfqId, id))).map((i) => i.id);
}

export async function insertRound(tx: DbOrTx, values: typeof rfqRounds.$inferInsert): Promise<void> {
  await tx.insert(rfqRounds).values(values);
}

export async function updateRfq(tx: DbOrTx, id: number, values: Partial<typeof rfqs.$inferInsert>): Promise<void> {
  await tx.update(rfqs).set(values).where(eq(rfqs.id, id));
}

/** Marks the round closed. */
export async function closeRoundRow(tx: DbOrTx, rfqId: number, round: number, now: Date): Promise<void> {
  await tx
    .update(rfqRounds)
    .set({ closedAt: now })
    .where(and(eq(rfqRounds.rfqId, rfqId), eq(rfqRounds.number, round)));
}

/** The RFQ's status and round, in scope. */
export async function rfqStateInScope(db: DbOrTx, id: number, scope: Rule<'rfq'>) {
  const [rfq] = await db
    .select({ status: rfqs.status, round: rfqs.round })
    .from(rfqs)
    .where(and(eq(rfqs.id, id), scope));
  return rfq;
}

/** The RFQ in scope with the carrier's invited link, locked. */
export function rfqForCarrierStatement(tx: DbOrTx, id: number, scope: Rule<'rfq'>, carrierId: number) {
  return tx
    .select({ rfq: rfqs, link: sql<number | null>`${rfqInvitedLink(carrierId)}` })
    .from(rfqs)
    .where(and(eq(rfqs.id, id), scope))
    .for('update', { of: rfqs });
}

export async function lockRfqForCarrier(tx: DbOrTx, id: number, scope: Rule<'rfq'>, carrierId: number) {
  const [row] = await rfqForCarrierStatement(tx, id, scope, carrierId);
  return row;
}

/** One round of the RFQ. */
export async function roundOf(tx: DbOrTx, rfqId: number, number: number): Promise<RoundRow | undefined> {
  const [round] = await tx
    .select()
    .from(rfqRounds)
    .where(and(eq(rfqRounds.rfqId, rfqId), eq(rfqRounds.number, number)));
  return round;
}

type Quote = { rfqId: number; roundId: number; laneId: number; industryCarrierId: number; amountPaise: number | null; declined: boolean };

/** The carrier's quote on a lane in the round, new or revised, with its revision kept. */
export async function saveQuote(tx: DbOrTx, quote: Quote, by: number, now: Date): Promise<void> {
  const { amountPaise, declined } = quote;
  const [saved] = await tx
    .insert(rfqQuotes)
    .values({ ...quote, quotedBy: by })
    .onConflictDoUpdate({
      target: [rfqQuotes.roundId, rfqQuotes.laneId, rfqQuotes.industryCarrierId],
      set: { amountPaise, declined, quotedBy: by, updatedAt: now },
    })
    .returning({ id: rfqQuotes.id });
  await tx.insert(rfqQuoteRevisions).values({ quoteId: saved?.id ?? 0, amountPaise, declined, by, at: now });
}

/** The carrier's link an RFQ invites (the policy's own rule), or null. */
export async function carrierLinkOf(tx: DbOrTx, rfqId: number, carrierId: number): Promise<number | null> {
  const [row] = await tx
    .select({ link: sql<number | null>`${rfqInvitedLink(carrierId)}` })
    .from(rfqs)
    .where(eq(rfqs.id, rfqId));
  return row?.link ? Number(row.link) : null;
}
