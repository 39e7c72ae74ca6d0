import { describe, expect, it } from 'vitest';
import { applyOffers, type CeilingBid, rankOf } from './bids-ceiling-rule.ts';

const board = (): CeilingBid[] => [
  { id: 1, link: 10, amount: 50_000, at: 1, revisions: 0 },
  { id: 2, link: 11, amount: 49_000, at: 2, revisions: 3 },
  { id: 3, link: 12, amount: 49_000, at: 3, revisions: 0 },
];

describe("the bids bench's ceiling rule", () => {
  it('ranks by amount, then bid time, then id', () => {
    const bids = board();
    expect(bids.map((b) => rankOf(bids, b))).toEqual([3, 1, 2]);
  });

  it('accepts a revision lowering by the minimum decrement and ranks it after the batch so far', () => {
    const bids = board();
    const { outcomes, changed, revisions } = applyOffers(
      bids,
      [
        { link: 10, amount: 49_500, vehicles: 2, by: 7 },
        { link: 10, amount: 48_000, vehicles: 1, by: 7 },
      ],
      500,
      9,
    );
    expect(outcomes).toEqual([
      { amount: 49_500, rank: 3 },
      { amount: 48_000, rank: 1 },
    ]);
    expect(changed).toEqual([{ id: 1, link: 10, amount: 48_000, at: 9, revisions: 2 }]);
    expect(revisions).toEqual([
      { bidId: 1, amount: 49_500, vehicles: 2, by: 7 },
      { bidId: 1, amount: 48_000, vehicles: 1, by: 7 },
    ]);
  });

  it('refuses a revision short of the decrement, one with no bid, and one at 0 paise; the board is unchanged', () => {
    const bids = board();
    const { outcomes, changed, revisions } = applyOffers(
      bids,
      [
        { link: 11, amount: 48_600, vehicles: 1, by: 7 },
        { link: 99, amount: 100, vehicles: 1, by: 7 },
        { link: 12, amount: 0, vehicles: 1, by: 7 },
      ],
      500,
      9,
    );
    expect(outcomes).toEqual([{ refused: 'DECREMENT' }, { refused: 'NO_BID' }, { refused: 'DECREMENT' }]);
    expect(changed).toEqual([]);
    expect(revisions).toEqual([]);
    expect(bids).toEqual(board());
  });

  it('asks at least 1 paisa lower when the rule has no decrement', () => {
    const { outcomes } = applyOffers(board(), [{ link: 11, amount: 49_000, vehicles: 1, by: 7 }], 0, 9);
    expect(outcomes).toEqual([{ refused: 'DECREMENT' }]);
  });
});
