import { describe, expect, it } from 'vitest';
import { laneTake, pctText, rateChanges } from './contract-figures.ts';

const lane = (taken: number, all: number, sharePct: number) => ({
  contractLaneId: 1,
  label: 'Pune → Surat',
  sharePct,
  takenThisMonth: taken,
  laneTakenThisMonth: all,
});

describe('laneTake', () => {
  it("weighs the carrier's vehicles against its share of the lane's month", () => {
    expect(laneTake(lane(3, 10, 30))).toEqual({ taken: 3, all: 10, pct: 30, due: 3, standing: 'onShare' });
    expect(laneTake(lane(1, 10, 30))).toMatchObject({ pct: 10, due: 3, standing: 'below' });
    expect(laneTake(lane(5, 10, 30))).toMatchObject({ pct: 50, standing: 'above' });
    expect(laneTake(lane(1, 3, 40))).toMatchObject({ pct: 33.3, due: 1.2, standing: 'below' });
  });

  it('says nothing of a lane with no vehicle this month', () => {
    expect(laneTake(lane(0, 0, 50))).toEqual({ taken: 0, all: 0, pct: null, due: 0, standing: 'none' });
  });
});

describe('pctText', () => {
  it('reads null as not yet', () => {
    expect(pctText(null)).toBe('Not yet');
    expect(pctText(87.5)).toBe('87.5%');
    // Issue 38: one decimal always, so 4% never sits beside 4.3%.
    expect(pctText(4)).toBe('4.0%');
  });
});

describe('rateChanges', () => {
  it('lists every lane rate newest first, each with the rate before it', () => {
    const changes = rateChanges({
      laneList: [
        {
          id: 1,
          rfqLaneId: 11,
          seq: 1,
          label: 'A → B',
          vehicleTypeName: '32 ft',
          tripsPerMonth: 4,
          sharePct: 100,
          shareTripsPerMonth: 4,
          rateRupees: 41000,
          history: [
            { rateRupees: 42000, reason: 'RFQ-1 award', at: '2026-01-01T10:00:00Z' },
            { rateRupees: 41000, reason: 'amendment: diesel down', at: '2026-03-01T10:00:00Z' },
          ],
        },
        {
          id: 2,
          rfqLaneId: 12,
          seq: 2,
          label: 'A → C',
          vehicleTypeName: '32 ft',
          tripsPerMonth: 4,
          sharePct: 60,
          shareTripsPerMonth: 2.4,
          rateRupees: 50000,
          history: [{ rateRupees: 50000, reason: 'RFQ-1 award', at: '2026-01-01T10:00:00Z' }],
        },
      ],
    });
    expect(changes.map((c) => [c.seq, c.rateRupees, c.previous])).toEqual([
      [1, 41000, 42000],
      [2, 50000, null],
      [1, 42000, null],
    ]);
  });
});
