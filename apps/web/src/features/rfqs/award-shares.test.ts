import { describe, expect, it } from 'vitest';
import { rfqAwardInputSchema, type LaneComparison } from '@freightdesk/shared/schemas/rfq';
import { awardBody, initialAward, laneShareError, shareTotal } from './award-shares.ts';

const quote = (carrierLinkId: number, amountRupees: number | null, rank: number | null) => ({
  carrierLinkId,
  carrierName: `C${carrierLinkId}`,
  round: 1,
  amountRupees,
  declined: amountRupees === null,
  rank,
});
const lanes: LaneComparison[] = [
  {
    laneId: 11,
    seq: 1,
    label: 'A → B',
    benchmarkRupees: 40_000,
    quotes: [quote(5, 38_000, 1), quote(6, 39_000, 2)],
    l1: 38_000,
    spreadRupees: 1_000,
    savingPct: 5,
  },
  {
    laneId: 12,
    seq: 2,
    label: 'A → C',
    benchmarkRupees: null,
    quotes: [quote(6, null, null)],
    l1: null,
    spreadRupees: null,
    savingPct: null,
  },
];

describe('award shares', () => {
  it('sums the typed shares, empty and not-a-number as 0', () => {
    expect(shareTotal({ 5: 60, 6: 40 })).toBe(100);
    expect(shareTotal({ 5: 60, 6: undefined, 7: Number.NaN })).toBe(60);
    expect(shareTotal(undefined)).toBe(0);
  });

  it('names a lane whose shares do not make 100, and lets an untouched lane pass', () => {
    expect(laneShareError({ 5: 60, 6: 30 })).toBe('Shares must add up to 100% (now 90%)');
    expect(laneShareError({ 5: 60, 6: 40 })).toBeNull();
    expect(laneShareError({ 5: 100.5 })).toBe('Each share is a whole per cent from 0 to 100');
    expect(laneShareError({})).toBeNull();
    expect(laneShareError({ 5: undefined })).toBeNull();
  });

  it('starts with each lane wholly to its L1; a lane everyone declined starts empty', () => {
    expect(initialAward(lanes)).toEqual({ 11: { 5: 100 }, 12: {} });
  });

  it('builds the award body: lanes with shares only, zero shares dropped, accepted by the schema', () => {
    const body = awardBody(lanes, { 11: { 5: 60, 6: 40, 7: 0 }, 12: {} }, '  ');
    expect(body).toEqual({
      lanes: [
        {
          laneId: 11,
          splits: [
            { carrierLinkId: 5, sharePct: 60 },
            { carrierLinkId: 6, sharePct: 40 },
          ],
        },
      ],
      slaText: undefined,
    });
    expect(rfqAwardInputSchema.safeParse(body).success).toBe(true);
    expect(rfqAwardInputSchema.safeParse(awardBody(lanes, { 11: { 5: 60, 6: 30 } })).success).toBe(false);
  });
});
