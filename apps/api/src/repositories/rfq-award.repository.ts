import { and, asc, eq, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/client.ts';
import { rowsOf } from '../db/rows.ts';
import { contractLaneRates, contractLanes, contracts, rfqLanes, rfqs } from '../db/schema/contracts.ts';
import { plants } from '../db/schema/plants.ts';
import type { Rule } from '../lib/policy-require.ts';

/**
 * The statements of comparing and awarding an RFQ's quotes: the RFQ is reached within the scope the
 * caller takes from the policy (`rfqsFor(viewer, action)`); its quotes and lanes by the RFQ's id.
 */

export type LatestQuote = {
  lane_id: number;
  link_id: number;
  carrier: string;
  round: number;
  amount_paise: number | null;
  declined: boolean;
  updated_at: string;
};

/** Each carrier's latest quote per lane (its most recent round's), with the carrier's name. */
export function latestQuotesStatement(rfqId: number): SQL {
  return sql`
      select distinct on (q.lane_id, q.industry_carrier_id) q.lane_id, q.industry_carrier_id as link_id, c.name as carrier,
        r.number as round, q.amount_paise, q.declined, q.updated_at
      from rfq_quotes q join rfq_rounds r on r.id = q.round_id
      join industry_carriers ic on ic.id = q.industry_carrier_id join carriers c on c.id = ic.carrier_id
      where q.rfq_id = ${rfqId}
      order by q.lane_id, q.industry_carrier_id, r.number desc`;
}

export async function latestQuotes(db: DbOrTx, rfqId: number): Promise<LatestQuote[]> {
  return rowsOf<LatestQuote>(await db.execute(latestQuotesStatement(rfqId))).map((q) => ({
    ...q,
    lane_id: Number(q.lane_id),
    link_id: Number(q.link_id),
    round: Number(q.round),
    amount_paise: q.amount_paise === null ? null : Number(q.amount_paise),
  }));
}

/** The RFQ in scope. */
export function rfqInScopeStatement(db: DbOrTx, id: number, scope: Rule<'rfq'>) {
  return db
    .select({ id: rfqs.id })
    .from(rfqs)
    .where(and(eq(rfqs.id, id), scope));
}

export async function rfqIsInScope(db: DbOrTx, id: number, scope: Rule<'rfq'>): Promise<boolean> {
  const [rfq] = await rfqInScopeStatement(db, id, scope);
  return rfq !== undefined;
}

/** The RFQ's lanes in their order. */
export async function rfqLanesInOrder(db: DbOrTx, rfqId: number): Promise<(typeof rfqLanes.$inferSelect)[]> {
  return db.select().from(rfqLanes).where(eq(rfqLanes.rfqId, rfqId)).orderBy(asc(rfqLanes.seq));
}

/** The RFQ's lanes. */
export async function rfqLanesOf(tx: DbOrTx, rfqId: number): Promise<(typeof rfqLanes.$inferSelect)[]> {
  return tx.select().from(rfqLanes).where(eq(rfqLanes.rfqId, rfqId));
}

/** The plant's contract SLA text. */
export async function plantSlaText(tx: DbOrTx, plantId: number): Promise<string | null | undefined> {
  const [plant] = await tx.select({ sla: plants.contractSlaText }).from(plants).where(eq(plants.id, plantId));
  return plant?.sla;
}

type Awarded = { laneId: number; sharePct: number; ratePaise: number };

/** A carrier's contract of an award with its lanes and each rate's first history line. */
export async function insertAwardContract(
  tx: DbOrTx,
  contract: typeof contracts.$inferInsert,
  awarded: Awarded[],
  rateLine: { reason: string; by: number; at: Date },
): Promise<{ id: number; number: string }> {
  const [made] = await tx.insert(contracts).values(contract).returning({ id: contracts.id, number: contracts.number });
  const contractId = made?.id ?? 0;
  const rows = await tx
    .insert(contractLanes)
    .values(awarded.map((a) => ({ contractId, rfqLaneId: a.laneId, sharePct: a.sharePct, ratePaise: a.ratePaise })))
    .returning({ id: contractLanes.id, ratePaise: contractLanes.ratePaise });
  await tx.insert(contractLaneRates).values(rows.map((r) => ({ contractLaneId: r.id, ratePaise: r.ratePaise, ...rateLine })));
  return { id: contractId, number: made?.number ?? '' };
}
