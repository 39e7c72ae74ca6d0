import { describe, expect, it } from 'vitest';
import type { RankedBid } from '@freightdesk/shared/schemas/bid';
import { awardConfirmText, awardLines } from './award-confirm.ts';

const bid = (id: number, carrierName: string, amountRupees: number, vehicles: number): RankedBid => ({
  id,
  rank: id,
  carrierLinkId: id,
  carrierName,
  amountRupees,
  vehicles,
  bidAt: '2026-12-05T06:00:00.000Z',
  revisions: 1,
  savingRupees: null,
  savingPercent: null,
});

describe('the confirmation before an award (issue 38)', () => {
  const rows = [bid(1, 'Shree Ganesh Transport', 41_000, 1), bid(2, 'Vayu Roadlines', 42_000, 2)];

  it('names each carrier, its vehicles and its price', () => {
    const lines = awardLines(rows, { 2: 2, 1: 1 });
    expect(lines).toEqual([
      { bidId: 1, vehicles: 1 },
      { bidId: 2, vehicles: 2 },
    ]);
    expect(awardConfirmText(rows, lines, 'trip')).toBe(
      'Award 1 vehicle to Shree Ganesh Transport at ₹41,000.00 per trip and 2 vehicles to Vayu Roadlines at ₹42,000.00 per trip? This places 3 orders, which the carriers are told of at once.',
    );
  });

  it('leaves out bids given no vehicles and says the basis', () => {
    const lines = awardLines(rows, { 1: 0, 2: 1 });
    expect(lines).toEqual([{ bidId: 2, vehicles: 1 }]);
    expect(awardConfirmText(rows, lines, 'tonne')).toBe(
      'Award 1 vehicle to Vayu Roadlines at ₹42,000.00 per tonne? This places 1 order, which the carriers are told of at once.',
    );
  });
});
