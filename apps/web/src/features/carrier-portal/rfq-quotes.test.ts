import { describe, expect, it } from 'vitest';
import { type CarrierRfq, type RfqLane, rfqQuotesInputSchema } from '@freightdesk/shared/schemas/rfq';
import { laneOfField, latestQuoteText, quotableLanes, quotesBody, quotesSavedText } from './rfq-quotes.ts';

const lane = (id: number): RfqLane => ({
  id,
  seq: id,
  origin: { kind: 'plant', id: 1, label: 'Pune' },
  destination: { kind: 'stop', id: 2, label: 'Surat' },
  vehicleTypeId: 1,
  vehicleTypeName: '32 ft',
  tripsPerMonth: 10,
  productId: null,
  productName: null,
  weightTonnes: null,
  benchmarkRupees: null,
});
const rfq = (over: Partial<CarrierRfq>): CarrierRfq =>
  ({ laneList: [lane(1), lane(2), lane(3)], myQuotes: [], openRound: null, ...over }) as CarrierRfq;

describe('carrier quotes', () => {
  it('offers the lanes of the open round only', () => {
    expect(quotableLanes(rfq({}))).toEqual([]);
    const all = rfq({ openRound: { number: 1, endsAt: '', laneIds: null, showRank: false } });
    expect(quotableLanes(all).map((l) => l.id)).toEqual([1, 2, 3]);
    const some = rfq({ openRound: { number: 2, endsAt: '', laneIds: [2], showRank: true } });
    expect(quotableLanes(some).map((l) => l.id)).toEqual([2]);
  });

  it('sends rates and declines together, leaves empty lanes out, refuses a bad rate by lane', () => {
    const lanes = [lane(1), lane(2), lane(3)];
    const ok = quotesBody(lanes, { 1: { amount: 40_500 }, 2: { declined: true, amount: 10 } });
    expect(ok.errors).toEqual({});
    expect(ok.body).toEqual({
      quotes: [
        { laneId: 1, amountRupees: 40_500 },
        { laneId: 2, declined: true },
      ],
    });
    expect(rfqQuotesInputSchema.safeParse(ok.body).success).toBe(true);
    const bad = quotesBody(lanes, { 1: { amount: Number.NaN }, 3: { amount: 0 } });
    expect(Object.keys(bad.errors)).toEqual(['1', '3']);
    expect(bad.body.quotes).toEqual([]);
  });

  it('maps a server field back to its lane', () => {
    const body = {
      quotes: [
        { laneId: 7, amountRupees: 1 },
        { laneId: 9, amountRupees: 2 },
      ],
    };
    expect(laneOfField(body, 'quotes.1.amountRupees')).toBe(9);
    expect(laneOfField(body, 'quotes')).toBeUndefined();
  });

  it('shows the own latest quote with the rank when the round shows it', () => {
    const r = rfq({
      myQuotes: [
        { laneId: 1, round: 2, amountRupees: 37_500, declined: false, rank: 1 },
        { laneId: 2, round: 1, amountRupees: null, declined: true, rank: null },
      ],
    });
    const money = (n: number | null) => `₹${n}`;
    expect(latestQuoteText(r, 1, money)).toBe('₹37500 (round 2) · your rank L1');
    expect(latestQuoteText(r, 2, money)).toBe('Declined (round 1)');
    expect(latestQuoteText(r, 3, money)).toBe('Not quoted yet');
  });
});

describe('quotesSavedText (issue 38)', () => {
  it('never counts a declined lane as quoted', () => {
    expect(quotesSavedText({ round: 1, saved: 3, quoted: 2, declined: 1 })).toBe('2 lanes quoted, 1 declined in round 1');
    expect(quotesSavedText({ round: 2, saved: 1, quoted: 1, declined: 0 })).toBe('1 lane quoted in round 2');
    expect(quotesSavedText({ round: 1, saved: 2, quoted: 0, declined: 2 })).toBe('2 lanes declined in round 1');
  });
});
