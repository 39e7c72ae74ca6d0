import type { LaneComparison, RfqAwardInput } from '@freightdesk/shared/schemas/rfq';
import { rfqAwardInputSchema } from '@freightdesk/shared/schemas/rfq';
import type { Db, DbOrTx } from '../../db/client.ts';
import { AppError, badRequest, notFound } from '../../lib/errors.ts';
import { nextNumber } from '../../repositories/numbering.repository.ts';
import { carrierUsersOfLinks, notify } from '../../lib/notify.ts';
import { scheduleExpiries } from './contracts.service.ts';
import { pctOf } from '@freightdesk/shared/percent';
import {
  insertAwardContract,
  type LatestQuote,
  latestQuotes,
  plantSlaText,
  rfqIsInScope,
  rfqLanesInOrder,
  rfqLanesOf,
} from '../../repositories/rfq-award.repository.ts';
import { lockRfqInScope, type RfqRow, updateRfq } from '../../repositories/rfq-rounds.repository.ts';
import type { Rule } from '../../lib/policy-require.ts';

export { latestQuotes };

/** The standing quotes grouped by lane, so each lane's ranking reads its own quotes only. */
export function quotesByLane(quotes: LatestQuote[]): Map<number, LatestQuote[]> {
  const map = new Map<number, LatestQuote[]>();
  for (const q of quotes) {
    const list = map.get(q.lane_id);
    if (list) {
      list.push(q);
    } else {
      map.set(q.lane_id, [q]);
    }
  }
  return map;
}

/** A lane's priced standing quotes, L1 first (a tie goes to the earlier quote): the one ranking rule. */
export function rankedOnLane(quotes: LatestQuote[], laneId: number): LatestQuote[] {
  return quotes
    .filter((q) => q.lane_id === laneId && !q.declined && q.amount_paise !== null)
    .sort((a, b) => (a.amount_paise ?? 0) - (b.amount_paise ?? 0) || Date.parse(a.updated_at) - Date.parse(b.updated_at));
}

/**
 * The shipper's comparison, lane by lane: every carrier's latest quote ranked (L1 lowest; a tie
 * goes to the earlier quote), the spread between the lowest and the highest, and the saving of L1
 * against the lane's benchmark.
 */
export async function compareRfq(db: DbOrTx, id: number, scope: Rule<'rfq'>): Promise<LaneComparison[]> {
  if (!(await rfqIsInScope(db, id, scope))) {
    throw notFound('RFQ');
  }
  const [lanes, quotes] = await Promise.all([rfqLanesInOrder(db, id), latestQuotes(db, id)]);
  const byLane = quotesByLane(quotes);
  return lanes.map((lane) => {
    const mine = byLane.get(lane.id) ?? [];
    const priced = rankedOnLane(mine, lane.id);
    const rank = new Map(priced.map((q, i) => [q.link_id, i + 1]));
    const low = priced[0]?.amount_paise ?? null;
    const high = priced.at(-1)?.amount_paise ?? null;
    return {
      laneId: lane.id,
      seq: lane.seq,
      label: `${lane.originLabel} → ${lane.destinationLabel}`,
      benchmarkRupees: lane.benchmarkPaise === null ? null : lane.benchmarkPaise / 100,
      quotes: [...priced, ...mine.filter((q) => q.declined)].map((q) => ({
        carrierLinkId: q.link_id,
        carrierName: q.carrier,
        round: q.round,
        amountRupees: q.amount_paise === null ? null : q.amount_paise / 100,
        declined: q.declined,
        rank: rank.get(q.link_id) ?? null,
      })),
      l1: low === null ? null : low / 100,
      spreadRupees: low === null || high === null ? null : (high - low) / 100,
      savingPct: low === null ? null : pctOf(lane.benchmarkPaise === null ? 0 : lane.benchmarkPaise - low, lane.benchmarkPaise),
    };
  });
}

/** The award's splits by carrier, each at the carrier's latest quote on the lane; 400 naming a lane or split that has none. */
function splitsByCarrier(
  input: RfqAwardInput,
  lanes: Map<number, { seq: number }>,
  quotes: LatestQuote[],
): Map<number, { laneId: number; sharePct: number; ratePaise: number }[]> {
  const byCarrier = new Map<number, { laneId: number; sharePct: number; ratePaise: number }[]>();
  input.lanes.forEach((lane, i) => {
    if (!lanes.has(lane.laneId)) {
      throw badRequest(`lanes.${i}.laneId`, 'Choose a lane of this RFQ.');
    }
    lane.splits.forEach((split, j) => {
      const quote = quotes.find((q) => q.lane_id === lane.laneId && q.link_id === split.carrierLinkId && !q.declined && q.amount_paise);
      if (!quote?.amount_paise) {
        throw badRequest(
          `lanes.${i}.splits.${j}.carrierLinkId`,
          `Lane ${lanes.get(lane.laneId)?.seq}: this carrier has no quote on the lane.`,
        );
      }
      const list = byCarrier.get(split.carrierLinkId) ?? [];
      list.push({ laneId: lane.laneId, sharePct: split.sharePct, ratePaise: quote.amount_paise });
      byCarrier.set(split.carrierLinkId, list);
    });
  });
  return byCarrier;
}

/** Awarded or regret, lane by lane, to every carrier that quoted. */
async function tellQuoters(
  tx: DbOrTx,
  rfq: Pick<RfqRow, 'number' | 'title' | 'periodFrom' | 'id'>,
  quotes: LatestQuote[],
  byCarrier: Map<number, { laneId: number; sharePct: number }[]>,
  made: { carrierLinkId: number; number: string }[],
  lanes: Map<number, { seq: number }>,
): Promise<void> {
  const id = rfq.id;
  const quoted = [...new Set(quotes.map((q) => q.link_id))];
  for (const linkId of quoted) {
    const won = byCarrier.get(linkId) ?? [];
    const users = await carrierUsersOfLinks(tx, [linkId]);
    const lanesText = won.map((w) => `lane ${lanes.get(w.laneId)?.seq} (${w.sharePct}%)`).join(', ');
    await notify(tx, users, {
      title: won.length ? 'RFQ awarded' : 'RFQ regret',
      msg: won.length
        ? `${rfq.number} ${rfq.title}: you won ${lanesText}. Contract ${made.find((m) => m.carrierLinkId === linkId)?.number} is active from ${rfq.periodFrom}.`
        : `${rfq.number} ${rfq.title}: your quotes were not chosen this time. Thank you for quoting.`,
      type: 'rfp',
      referId: id,
      requestType: 1,
    });
  }
}

/**
 * Awards lanes of a closed RFQ, each to one or more carriers with shares summing to 100, at each
 * carrier's latest quote: one contract per carrier (its lanes, shares and rates, valid for the
 * RFQ's period, with the plant's contract SLA text), the rate's first history line, the RFQ
 * awarded — all in one transaction with the RFQ locked, so two awards never both happen. Every
 * carrier that quoted is told what it won, lane by lane, or that it was not chosen.
 */
export async function awardRfq(db: Db, actor: { id: number; industryId: number }, id: number, scope: Rule<'rfq'>, body: RfqAwardInput) {
  const input = rfqAwardInputSchema.parse(body);
  return db.transaction(async (tx) => {
    const rfq = await lockRfqInScope(tx, id, scope);
    if (!rfq) {
      throw notFound('RFQ');
    }
    if (rfq.status !== 'closed') {
      throw new AppError(
        409,
        'RFQ_NOT_CLOSED',
        rfq.status === 'open' ? 'Quoting is still open; award once the round has closed.' : `This RFQ is ${rfq.status}.`,
      );
    }
    const lanes = new Map((await rfqLanesOf(tx, id)).map((l) => [l.id, l]));
    const quotes = await latestQuotes(tx, id);
    const byCarrier = splitsByCarrier(input, lanes, quotes);
    const sla = await plantSlaText(tx, rfq.plantId);
    const now = new Date();
    const made: { carrierLinkId: number; contractId: number; number: string }[] = [];
    for (const [linkId, awarded] of byCarrier) {
      const contract = await insertAwardContract(
        tx,
        {
          industryId: actor.industryId,
          number: await nextNumber(tx, actor.industryId, 'CT', now),
          rfqId: id,
          plantId: rfq.plantId,
          industryCarrierId: linkId,
          validFrom: rfq.periodFrom,
          validTo: rfq.periodTo,
          slaText: input.slaText ?? sla ?? null,
        },
        awarded,
        { reason: `${rfq.number} award`, by: actor.id, at: now },
      );
      made.push({ carrierLinkId: linkId, contractId: contract.id, number: contract.number });
    }
    await scheduleExpiries(
      tx,
      made.map((m) => ({ id: m.contractId, validTo: rfq.periodTo })),
    );
    await updateRfq(tx, id, { status: 'awarded', updatedAt: now });
    await tellQuoters(tx, rfq, quotes, byCarrier, made, lanes);
    return { contracts: made, awardedLanes: input.lanes.length };
  });
}
