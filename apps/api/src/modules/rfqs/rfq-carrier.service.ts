import type { CarrierRfq } from '@freightdesk/shared/schemas/rfq';
import type { DbOrTx } from '../../db/client.ts';
import { notFound } from '../../lib/errors.ts';
import { latestQuotes, quotesByLane, rankedOnLane } from './rfq-award.service.ts';
import { carrierLinkOf, roundOf } from '../../repositories/rfq-rounds.repository.ts';
import { rfqDetail } from './rfqs.service.ts';
import type { Rule } from '../../lib/policy-require.ts';

/**
 * An RFQ as an invited carrier sees it: never another carrier's quote or name; its rank per lane
 * only when the round shows ranks; the material left out when the RFQ hides it.
 */
export async function carrierRfq(db: DbOrTx, carrierId: number, id: number, scope: Rule<'rfq'>): Promise<CarrierRfq> {
  const detail = await rfqDetail(db, id, scope);
  const link = await carrierLinkOf(db, id, carrierId);
  if (!link) {
    throw notFound('RFQ');
  }
  const round = await roundOf(db, id, detail.round);
  const quotes = await latestQuotes(db, id);
  // A rank is shown for the lanes of the round that shows ranks, never for a lane it left out.
  const rankedLane = (laneId: number) => Boolean(round?.showRank) && (!round?.laneIds || round.laneIds.includes(laneId));
  const byLane = quotesByLane(quotes);
  const rankOf = (laneId: number) => {
    const at = rankedOnLane(byLane.get(laneId) ?? [], laneId).findIndex((q) => q.link_id === link);
    return at < 0 ? null : at + 1;
  };
  const open =
    detail.status === 'open' && round && !round.closedAt && (!round.carrierLinkIds || round.carrierLinkIds.includes(link))
      ? { number: round.number, endsAt: round.endsAt.toISOString(), laneIds: round.laneIds, showRank: round.showRank }
      : null;
  const { invited: _invited, carriers: _carriers, rounds, ...rest } = detail;
  return {
    ...rest,
    rounds: rounds.filter((r) => !r.carrierLinkIds || r.carrierLinkIds.includes(link)).map((r) => ({ ...r, carrierLinkIds: null })),
    laneList: detail.hideMaterial ? detail.laneList.map((l) => ({ ...l, productId: null, productName: null })) : detail.laneList,
    myQuotes: quotes
      .filter((q) => q.link_id === link)
      .map((q) => ({
        laneId: q.lane_id,
        round: q.round,
        amountRupees: q.amount_paise === null ? null : q.amount_paise / 100,
        declined: q.declined,
        rank: rankedLane(q.lane_id) ? rankOf(q.lane_id) : null,
      })),
    openRound: open,
  };
}
