import type { CarrierRfq, RfqLane, RfqQuotesInput, RfqQuotesSaved } from '@freightdesk/shared/schemas/rfq';

/** What the carrier has typed per lane: a rate (NaN while not a number) or the lane declined. */
export type QuoteDraft = Record<number, { amount?: number; declined?: boolean }>;

/** The lanes the open round asks this carrier to quote (none when no round is open to it). */
export function quotableLanes(rfq: CarrierRfq): RfqLane[] {
  const round = rfq.openRound;
  if (!round) {
    return [];
  }
  return round.laneIds ? rfq.laneList.filter((l) => round.laneIds?.includes(l.id)) : rfq.laneList;
}

/**
 * The body of `POST /api/carrier/rfqs/:id/quotes` from what was typed: a rate or a decline per
 * lane, lanes left empty out. `errors` names the lanes (by id) that cannot be sent as typed.
 */
export function quotesBody(lanes: readonly RfqLane[], draft: QuoteDraft): { body: RfqQuotesInput; errors: Record<number, string> } {
  const errors: Record<number, string> = {};
  const quotes: RfqQuotesInput['quotes'] = [];
  for (const lane of lanes) {
    const typed = draft[lane.id];
    if (typed?.declined) {
      quotes.push({ laneId: lane.id, declined: true });
    } else if (typed?.amount !== undefined) {
      if (!Number.isFinite(typed.amount) || typed.amount <= 0) {
        errors[lane.id] = 'Enter a rate above ₹0, or decline the lane';
      } else {
        quotes.push({ laneId: lane.id, amountRupees: typed.amount });
      }
    }
  }
  return { body: { quotes }, errors };
}

/** The lane a server field of the quotes body names (`quotes.1.amountRupees` → the second quote's lane). */
export function laneOfField(body: RfqQuotesInput, field: string): number | undefined {
  const match = /^quotes\.(\d+)\./.exec(field);
  return match ? body.quotes[Number(match[1])]?.laneId : undefined;
}

/** The carrier's latest quote on a lane, as shown beside the field. */
export function latestQuoteText(rfq: CarrierRfq, laneId: number, money: (n: number | null) => string): string {
  const q = rfq.myQuotes.find((m) => m.laneId === laneId);
  if (!q) {
    return 'Not quoted yet';
  }
  const what = q.declined ? 'Declined' : money(q.amountRupees);
  return `${what} (round ${q.round})${q.rank ? ` · your rank L${q.rank}` : ''}`;
}

const lanes = (n: number) => `${n} lane${n === 1 ? '' : 's'}`;

/** What was sent, in words: a declined lane is not counted as quoted ("1 lane quoted, 1 declined in round 2"). */
export function quotesSavedText(data: RfqQuotesSaved): string {
  const said: string[] = [];
  if (data.quoted) {
    said.push(`${lanes(data.quoted)} quoted`);
  }
  if (data.declined) {
    said.push(data.quoted ? `${data.declined} declined` : `${lanes(data.declined)} declined`);
  }
  return `${said.join(', ')} in round ${data.round}`;
}
